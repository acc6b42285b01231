CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"media" text,
	"text" text DEFAULT '' NOT NULL,
	"text_wa" text DEFAULT '' NOT NULL,
	"button" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"count_use" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "template_id" integer;--> statement-breakpoint
CREATE INDEX "message_logs_pending_idx" ON "message_logs" USING btree ("status") WHERE "message_logs"."status" = 'pending';