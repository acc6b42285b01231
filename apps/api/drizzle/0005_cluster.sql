CREATE TABLE "cluster_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"kind" text NOT NULL,
	"job_id" integer NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_leases_kind_job_id_pk" PRIMARY KEY("kind","job_id")
);
--> statement-breakpoint
CREATE INDEX "whatsapp_sending_idx" ON "whatsapp_accounts" USING btree ("id") WHERE "whatsapp_accounts"."status" = 'sending';