-- Outbound webhooks: the receivers, the events (an outbox written in the same transaction as the
-- change that causes it) and one delivery per event and receiver, retried until accepted.
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"event_types" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL UNIQUE,
	"type" text NOT NULL,
	"account_id" integer,
	"sequence" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_account_sequence_idx" ON "webhook_events" USING btree ((coalesce("account_id", 0)), "sequence");
--> statement-breakpoint
-- The last sequence given per account (0 for events about no account): its row lock orders the
-- events of one account as their transactions commit.
CREATE TABLE "webhook_sequences" (
	"account_key" integer PRIMARY KEY NOT NULL,
	"last_sequence" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
	"event_id" bigint NOT NULL REFERENCES "webhook_events"("id") ON DELETE CASCADE,
	"account_key" integer NOT NULL,
	"sequence" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_endpoint_event_unique" UNIQUE("endpoint_id","event_id")
);
--> statement-breakpoint
-- What the dispatcher reads: the undelivered deliveries, first of each endpoint and account first.
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","account_key","sequence") WHERE "delivered_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_list_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");
