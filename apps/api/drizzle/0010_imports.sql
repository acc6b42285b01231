-- An import is recorded while it runs and, once finished, kept a while for the download of its skipped rows.
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_count" integer,
	"skipped_count" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at");
--> statement-breakpoint
-- Staged rows are scratch data: unlogged (no write-ahead log; emptied by a database crash), and what is
-- left from before this version belongs to imports that can no longer finish.
DROP TABLE "import_staging";
--> statement-breakpoint
CREATE UNLOGGED TABLE "import_staging" (
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"value" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"payload" text,
	"reason" text,
	"target_id" integer,
	CONSTRAINT "import_staging_pk" PRIMARY KEY ("import_id", "row_no")
);
