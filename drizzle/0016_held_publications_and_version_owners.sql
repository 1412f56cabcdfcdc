ALTER TABLE "publications" DROP CONSTRAINT "publications_status_check";--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "unreviewed_action" text;--> statement-breakpoint
ALTER TABLE "video_versions" ADD COLUMN "user_id" text;--> statement-breakpoint
UPDATE "video_versions" SET "user_id" = c."user_id" FROM "video_generated_content" c WHERE c."id" = "video_versions"."content_id";--> statement-breakpoint
ALTER TABLE "video_versions" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "video_versions" ADD CONSTRAINT "video_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publications_held_idx" ON "publications" USING btree ("hold_until") WHERE "publications"."status" = 'held';--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_status_check" CHECK ("publications"."status" in ('held', 'queued', 'uploading', 'processing', 'published', 'failed'));