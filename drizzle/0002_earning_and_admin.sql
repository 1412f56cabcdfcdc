-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "post_key" text;--> statement-breakpoint
CREATE INDEX "submissions_post_key_idx" ON "submissions" USING btree ("post_key");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_follow_paid_idx" ON "submissions" USING btree ("user_id","submission_type") WHERE "submissions"."status" = 'approved' and "submissions"."submission_type" like 'follow\_%';--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_follow_pending_idx" ON "submissions" USING btree ("user_id","submission_type") WHERE "submissions"."status" = 'pending' and "submissions"."submission_type" like 'follow\_%';--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_x_post_paid_idx" ON "submissions" USING btree ("post_key") WHERE "submissions"."status" = 'approved' and "submissions"."submission_type" = 'x_post';--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_type_check" CHECK ("submissions"."submission_type" in ('x_post', 'view_milestone', 'follow_discord', 'follow_x', 'follow_instagram', 'follow_facebook', 'follow_youtube', 'follow_tiktok', 'follow_linkedin', 'follow_telegram'));