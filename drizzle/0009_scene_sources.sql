CREATE TABLE "operator_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "scene_source" text;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "scene_image_urls" jsonb;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "video_jobs" ADD COLUMN "scene_source" text;--> statement-breakpoint
ALTER TABLE "video_provider_jobs" ADD COLUMN "kind" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_alerts_open_key" ON "operator_alerts" USING btree ("key") WHERE "operator_alerts"."dismissed_at" is null;