-- Rate governance: platform and per-account caps, quiet hours and auto-pause, all off by default.
ALTER TABLE "settings" ADD COLUMN "sends_per_minute" integer;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "daily_sends_per_account" integer;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "quiet_start" text;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "quiet_end" text;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pause_fail_window" integer;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pause_fail_percent" integer;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pause_on_suspend" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Why governance stopped the account's blast (cleared when it is started again), and a scheduled start.
ALTER TABLE "whatsapp_accounts" ADD COLUMN "paused_reason" text;
--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "paused_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "blast_scheduled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD COLUMN "blast_scheduled_by" integer;
--> statement-breakpoint
CREATE INDEX "whatsapp_scheduled_idx" ON "whatsapp_accounts" USING btree ("blast_scheduled_at") WHERE "blast_scheduled_at" is not null;
--> statement-breakpoint
-- Sends claimed per minute across every instance; `last_granted` is what the latest claim got.
CREATE TABLE "send_minutes" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"last_granted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_daily_sends" (
	"whatsapp_id" integer NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"last_granted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_daily_sends_pk" PRIMARY KEY("whatsapp_id","day")
);
--> statement-breakpoint
-- What happened to a chat account besides its sends: connection changes, suspensions, pauses, schedules.
CREATE TABLE "account_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_events_account_idx" ON "account_events" USING btree ("whatsapp_id","created_at");
--> statement-breakpoint
-- The sender-health page reads one account's recent log (the funnel made the same index in 0013).
CREATE INDEX IF NOT EXISTS "message_logs_whatsapp_idx" ON "message_logs" USING btree ("whatsapp_id","created_at");
