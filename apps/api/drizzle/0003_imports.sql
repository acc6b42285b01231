CREATE TABLE "import_staging" (
	"import_id" text NOT NULL,
	"row_no" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "import_staging_import_idx" ON "import_staging" USING btree ("import_id");