CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"ref_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"blast_fee" integer NOT NULL,
	"requirement_blast" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"phone_number_id" integer,
	"target" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"in_use" integer DEFAULT 0 NOT NULL,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_fail" integer DEFAULT 0 NOT NULL,
	"last_sent" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_numbers_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "proxies" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"count_use" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proxies_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"interval_min" integer NOT NULL,
	"interval_max" integer NOT NULL,
	"price" integer NOT NULL,
	"bank_names" text NOT NULL,
	"colors" text NOT NULL,
	"referral_percent" double precision NOT NULL,
	"info" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by" integer,
	"account_name" text,
	"account_bank" text,
	"account_number" text,
	"blast_fee" integer,
	"blast_interval_min" integer,
	"blast_interval_max" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"clientid" text NOT NULL,
	"phonenumber" text,
	"pushname" text,
	"server" text,
	"serialized" text,
	"state" text,
	"status" text DEFAULT 'idle' NOT NULL,
	"count_success" integer DEFAULT 0 NOT NULL,
	"count_fail" integer DEFAULT 0 NOT NULL,
	"income" integer DEFAULT 0 NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"suspended_count" integer DEFAULT 0 NOT NULL,
	"proxy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_accounts_clientid_unique" UNIQUE("clientid")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_accounts" ADD CONSTRAINT "whatsapp_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_user_kind_idx" ON "ledger_entries" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "message_logs_user_idx" ON "message_logs" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "message_logs_created_idx" ON "message_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "whatsapp_user_idx" ON "whatsapp_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "whatsapp_state_idx" ON "whatsapp_accounts" USING btree ("state");