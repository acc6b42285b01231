-- Tags and custom fields of phone numbers, and the registry of field keys. The defaults are constants (no
-- table rewrite) and the GIN indexes are partial: numbers without tags or fields never enter them.
CREATE TABLE "number_fields" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "phone_numbers_tags_idx" ON "phone_numbers" USING gin ("tags") WHERE "phone_numbers"."tags" <> '{}'::text[];--> statement-breakpoint
CREATE INDEX "phone_numbers_fields_idx" ON "phone_numbers" USING gin ("fields" jsonb_path_ops) WHERE "phone_numbers"."fields" <> '{}'::jsonb;