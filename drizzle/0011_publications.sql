CREATE TABLE "publications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "publications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"video_id" integer NOT NULL,
	"platform" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"privacy" text NOT NULL,
	"tiktok_privacy_level" text,
	"tiktok_allow" jsonb,
	"progress" integer DEFAULT 0 NOT NULL,
	"checkpoint_sealed" text,
	"post_id" text,
	"post_url" text,
	"error" text,
	"note" text,
	"retries" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"next_step_at" timestamp with time zone,
	"job_id" integer,
	"job_run_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "publications_status_check" CHECK ("publications"."status" in ('queued', 'uploading', 'processing', 'published', 'failed')),
	CONSTRAINT "publications_platform_check" CHECK ("publications"."platform" in ('youtube', 'tiktok', 'instagram')),
	CONSTRAINT "publications_progress_check" CHECK ("publications"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "video_job_runs" ADD COLUMN "publish_result" text;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "publish_to" jsonb;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "last_publish_result" text;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_video_id_video_generated_content_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video_generated_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_job_id_video_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."video_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_job_run_id_video_job_runs_id_fk" FOREIGN KEY ("job_run_id") REFERENCES "public"."video_job_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publications_user_idx" ON "publications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publications_video_idx" ON "publications" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "publications_run_idx" ON "publications" USING btree ("job_run_id") WHERE "publications"."job_run_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_one_per_platform" ON "publications" USING btree ("video_id","platform") WHERE "publications"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "publications_active_idx" ON "publications" USING btree ("next_step_at") WHERE "publications"."status" in ('queued', 'uploading', 'processing');