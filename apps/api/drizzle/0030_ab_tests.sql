CREATE TABLE "ab_test_variants" (
	"ab_test_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "ab_test_variants_pk" PRIMARY KEY("ab_test_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "ab_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"segment_id" integer,
	"metric" text NOT NULL,
	"sample_size" integer NOT NULL,
	"wait_minutes" integer NOT NULL,
	"status" text DEFAULT 'sampling' NOT NULL,
	"from_log_id" bigint NOT NULL,
	"sampled_until_log_id" bigint,
	"waiting_since" timestamp with time zone,
	"winner_template_id" integer,
	"decided_at" timestamp with time zone,
	"result" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ab_test_variants" ADD CONSTRAINT "ab_test_variants_ab_test_id_ab_tests_id_fk" FOREIGN KEY ("ab_test_id") REFERENCES "public"."ab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ab_tests" ADD CONSTRAINT "ab_tests_whatsapp_id_whatsapp_accounts_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ab_tests_running_idx" ON "ab_tests" USING btree ("whatsapp_id") WHERE "ab_tests"."status" in ('sampling', 'waiting', 'decided');--> statement-breakpoint
CREATE INDEX "ab_tests_user_idx" ON "ab_tests" USING btree ("user_id","id");