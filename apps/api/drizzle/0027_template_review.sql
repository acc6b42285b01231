ALTER TABLE "message_logs" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "category" text DEFAULT 'marketing' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "pacing" text DEFAULT 'released' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "batch_claimed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "batch_last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "batch_from_log" bigint;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "pause_feedback" text;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "pause_percent" double precision;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "pause_limit" integer;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "feedback_blocks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "feedback_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "feedback_opt_outs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "feedback_sends_base" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "template_first_batch" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "template_feedback_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "template_block_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "template_report_percent" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "template_opt_out_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
CREATE INDEX "message_templates_review_idx" ON "message_templates" USING btree ("review_state","id");