ALTER TABLE "video_creation_requests" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "video_creation_requests" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "video_creation_requests_idempotency_idx" ON "video_creation_requests" USING btree ("user_id","idempotency_key") WHERE "video_creation_requests"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "video_creation_requests_lease_idx" ON "video_creation_requests" USING btree ("lease_expires_at") WHERE "video_creation_requests"."status" = 'processing';