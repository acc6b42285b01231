-- Retries end: a delivery still refused after the retry limit is dead, left aside until an operator
-- replays it; the age limit counts from its creation or its last replay. Delivered and dead rows are
-- deleted after their retention, found by the two indexes below.
ALTER TABLE "webhook_deliveries" ADD COLUMN "dead_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "replayed_at" timestamp with time zone;
--> statement-breakpoint
DROP INDEX "webhook_deliveries_pending_idx";
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","account_key","sequence") WHERE "delivered_at" IS NULL AND "dead_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_delivered_idx" ON "webhook_deliveries" USING btree ("delivered_at") WHERE "delivered_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_dead_idx" ON "webhook_deliveries" USING btree ("dead_at") WHERE "dead_at" IS NOT NULL;
--> statement-breakpoint
-- Test events per endpoint: how many since the current one-minute window began.
ALTER TABLE "webhook_endpoints" ADD COLUMN "tests_window_started_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "tests_in_window" integer DEFAULT 0 NOT NULL;
