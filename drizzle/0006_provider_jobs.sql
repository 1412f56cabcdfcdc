CREATE TABLE "video_provider_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_provider_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"scene_number" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"state" text DEFAULT 'submitting' NOT NULL,
	"external_id" text,
	"handle" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"poll_turn" integer DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"output_key" text,
	"duration_seconds" real,
	"seconds_generated" real,
	"cost_usd" numeric(10, 4),
	"error" text,
	"submitted_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_provider_jobs_scene_key" UNIQUE("request_id","attempt","scene_number")
);
--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "provider_model" text;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "seconds_generated" real;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "provider_cost_usd" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "video_provider_jobs" ADD CONSTRAINT "video_provider_jobs_request_id_video_creation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."video_creation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_provider_jobs_in_flight_idx" ON "video_provider_jobs" USING btree ("next_poll_at") WHERE "video_provider_jobs"."state" in ('submitting', 'running');