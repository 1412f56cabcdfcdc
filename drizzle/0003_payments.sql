CREATE TABLE "purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"product" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"credits_taken_back" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer,
	"currency" text,
	"payment_intent_id" text,
	"customer_id" text,
	"subscription_id" text,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_taken_back_check" CHECK ("purchases"."credits_taken_back" between 0 and "purchases"."credits")
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "outcome" text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "event_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "allowance_anchor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_payment_intent_idx" ON "purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_events_outcome_idx" ON "payment_events" USING btree ("outcome","processed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_stripe_subscription_idx" ON "users" USING btree ("stripe_subscription_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_stripe_customer_id_key" UNIQUE("stripe_customer_id");--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_outcome_check" CHECK ("payment_events"."outcome" in ('applied', 'ignored', 'unmatched'));