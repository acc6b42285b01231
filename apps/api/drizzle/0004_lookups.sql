CREATE TABLE "lookup_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"start_number" text,
	"end_number" text,
	"file_path" text,
	"file_name" text,
	"b_insert" integer DEFAULT 0 NOT NULL,
	"interval_min" integer DEFAULT 1 NOT NULL,
	"interval_max" integer DEFAULT 2 NOT NULL,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_fail" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"state" text,
	"position" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"current_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_results" (
	"job_id" integer NOT NULL,
	"position" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"found" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lookup_jobs" ADD CONSTRAINT "lookup_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_results" ADD CONSTRAINT "lookup_results_job_id_lookup_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."lookup_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lookup_jobs_user_idx" ON "lookup_jobs" USING btree ("kind","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_results_job_position_idx" ON "lookup_results" USING btree ("job_id","position");