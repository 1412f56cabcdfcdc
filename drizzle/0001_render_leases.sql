ALTER TABLE "video_creation_requests" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "video_creation_requests_lease_idx" ON "video_creation_requests" USING btree ("lease_expires_at") WHERE "video_creation_requests"."status" = 'processing';