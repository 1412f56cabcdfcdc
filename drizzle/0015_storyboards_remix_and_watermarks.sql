CREATE TABLE "member_watermarks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"image_key" text,
	"text" text,
	"corner" text DEFAULT 'bottom-right' NOT NULL,
	"opacity" real DEFAULT 0.8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_watermarks_kind_check" CHECK ("member_watermarks"."kind" in ('image', 'text')),
	CONSTRAINT "member_watermarks_corner_check" CHECK ("member_watermarks"."corner" in ('top-left', 'top-right', 'bottom-left', 'bottom-right')),
	CONSTRAINT "member_watermarks_opacity_check" CHECK ("member_watermarks"."opacity" between 0.2 and 1)
);
--> statement-breakpoint
CREATE TABLE "storyboards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storyboards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"settings" jsonb NOT NULL,
	"board" jsonb NOT NULL,
	"content_id" integer,
	"request_id" integer,
	"rendered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_id" integer NOT NULL,
	"version" integer NOT NULL,
	"request_id" integer,
	"video_key" text NOT NULL,
	"thumbnail_key" text,
	"captions_key" text,
	"chapters_key" text,
	"voice_id" text,
	"duration" real,
	"scenes" integer NOT NULL,
	"generated_prompt" text,
	"scene_clips" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "video_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "member_storyboard" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "music" jsonb;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "remix_of" integer;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "segment_root" integer;--> statement-breakpoint
ALTER TABLE "video_generated_content" ADD COLUMN "current_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_scene_clips" ADD COLUMN "segment_hash" text;--> statement-breakpoint
ALTER TABLE "member_watermarks" ADD CONSTRAINT "member_watermarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyboards" ADD CONSTRAINT "storyboards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyboards" ADD CONSTRAINT "storyboards_content_id_video_generated_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."video_generated_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyboards" ADD CONSTRAINT "storyboards_request_id_video_creation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."video_creation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_versions" ADD CONSTRAINT "video_versions_content_id_video_generated_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."video_generated_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storyboards_user_idx" ON "storyboards" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "storyboards_open_idx" ON "storyboards" USING btree ("updated_at") WHERE "storyboards"."rendered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "video_versions_content_version_key" ON "video_versions" USING btree ("content_id","version");--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD CONSTRAINT "video_creation_requests_remix_of_video_generated_content_id_fk" FOREIGN KEY ("remix_of") REFERENCES "public"."video_generated_content"("id") ON DELETE cascade ON UPDATE no action;