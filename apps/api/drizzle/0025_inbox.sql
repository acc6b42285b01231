-- The reply inbox: threads per account and number, every inbound message (attributed to the last blast
-- message that reached the number) and the answers; replied_at is the funnel's replied stage.
CREATE TABLE "inbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"counterpart" text NOT NULL,
	"direction" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"message_log_id" bigint,
	"template_id" integer,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"counterpart" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_text" text NOT NULL,
	"last_direction" text NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_whatsapp_id_whatsapp_accounts_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_thread_idx" ON "inbox_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_threads_account_counterpart_idx" ON "inbox_threads" USING btree ("whatsapp_id","counterpart");--> statement-breakpoint
CREATE INDEX "inbox_threads_user_last_idx" ON "inbox_threads" USING btree ("user_id","last_at","id");--> statement-breakpoint
CREATE INDEX "inbox_threads_last_idx" ON "inbox_threads" USING btree ("last_at","id");--> statement-breakpoint
CREATE INDEX "message_logs_target_idx" ON "message_logs" USING btree ("target","whatsapp_id","created_at");--> statement-breakpoint
CREATE INDEX "message_logs_replied_idx" ON "message_logs" USING btree ("created_at") WHERE "message_logs"."replied_at" is not null;