-- Short-link clicks of blast messages, one row per message and link: the codes themselves are never stored.
CREATE TABLE "link_clicks" (
	"message_log_id" bigint NOT NULL,
	"link_index" integer NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_clicks_pk" PRIMARY KEY("message_log_id","link_index")
);
--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_message_log_id_message_logs_id_fk" FOREIGN KEY ("message_log_id") REFERENCES "public"."message_logs"("id") ON DELETE cascade ON UPDATE no action;