CREATE TABLE "stock_asset_uses" (
	"provider" text NOT NULL,
	"asset_id" text NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_asset_uses_provider_asset_id_pk" PRIMARY KEY("provider","asset_id")
);
--> statement-breakpoint
CREATE TABLE "stock_rate_budgets" (
	"provider" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_search_cache" (
	"provider" text NOT NULL,
	"media" text NOT NULL,
	"query_key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_search_cache_provider_media_query_key_pk" PRIMARY KEY("provider","media","query_key")
);
--> statement-breakpoint
CREATE TABLE "video_stock_assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_stock_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"provider" text NOT NULL,
	"asset_id" text NOT NULL,
	"page_url" text NOT NULL,
	"author" text NOT NULL,
	"author_url" text NOT NULL,
	"licence" text NOT NULL,
	"licence_url" text NOT NULL,
	"file_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"storage_key" text,
	CONSTRAINT "video_stock_assets_content_position_key" UNIQUE("content_id","position")
);
--> statement-breakpoint
ALTER TABLE "video_generated_content" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "video_stock_assets" ADD CONSTRAINT "video_stock_assets_content_id_video_generated_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."video_generated_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_stock_assets" ADD CONSTRAINT "video_stock_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_search_cache_fetched_idx" ON "stock_search_cache" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX "video_stock_assets_fetched_idx" ON "video_stock_assets" USING btree ("fetched_at" DESC NULLS LAST);