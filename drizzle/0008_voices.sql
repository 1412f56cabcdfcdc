ALTER TABLE "users" ADD COLUMN "voice_id" text DEFAULT 'offline-en-us';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "voice_speed" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "caption_style" text DEFAULT 'karaoke' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "voice_id" text;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "voice_speed" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "caption_style" text DEFAULT 'karaoke' NOT NULL;--> statement-breakpoint
ALTER TABLE "video_generated_content" ADD COLUMN "captions_key" text;--> statement-breakpoint
ALTER TABLE "video_generated_content" ADD COLUMN "voice_id" text;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "voice_id" text;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "voice_speed" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "caption_style" text DEFAULT 'karaoke' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_caption_style_check" CHECK ("users"."caption_style" in ('karaoke', 'pop', 'minimal'));--> statement-breakpoint
-- Jobs made before voices existed narrate like a new member's videos: with the offline US English voice.
UPDATE "video_jobs" SET "voice_id" = 'offline-en-us';
