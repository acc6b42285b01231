-- Consent: where and when a number agreed to receive blasts (imports and the form may record it).
ALTER TABLE "phone_numbers" ADD COLUMN "consent_source" text;
--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "consent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "consent_note" text;
--> statement-breakpoint
-- Kept equal to "the number is in suppressions" by the triggers below, so the claim reads one row.
ALTER TABLE "phone_numbers" ADD COLUMN "suppressed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Opted-out numbers, by normalized number: a number added again later (import, form) stays suppressed.
CREATE TABLE "suppressions" (
  "number" text PRIMARY KEY NOT NULL,
  "reason" text NOT NULL,
  "note" text,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "suppressions_created_idx" ON "suppressions" USING btree ("created_at", "number");
--> statement-breakpoint
CREATE FUNCTION "suppressions_mark_numbers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "phone_numbers" p SET "suppressed" = true FROM added_rows a WHERE p."number" = a."number" AND NOT p."suppressed";
  ELSE
    UPDATE "phone_numbers" p SET "suppressed" = false FROM removed_rows r WHERE p."number" = r."number" AND p."suppressed";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "suppressions_added" AFTER INSERT ON "suppressions"
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppressions_mark_numbers"();
--> statement-breakpoint
CREATE TRIGGER "suppressions_removed" AFTER DELETE ON "suppressions"
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppressions_mark_numbers"();
--> statement-breakpoint
-- Numbers added in bulk: one join per statement against the (small) suppression list.
CREATE FUNCTION "phone_numbers_mark_added_suppressed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "phone_numbers" p SET "suppressed" = true
    FROM added_rows a JOIN "suppressions" s ON s."number" = a."number"
    WHERE p."id" = a."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "phone_numbers_added_suppressed" AFTER INSERT ON "phone_numbers"
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "phone_numbers_mark_added_suppressed"();
--> statement-breakpoint
-- A number edited into a suppressed one (or out of it) follows the list.
CREATE FUNCTION "phone_numbers_mark_renamed_suppressed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."suppressed" := EXISTS (SELECT 1 FROM "suppressions" s WHERE s."number" = NEW."number");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "phone_numbers_renamed_suppressed" BEFORE UPDATE OF "number" ON "phone_numbers"
  FOR EACH ROW WHEN (OLD."number" IS DISTINCT FROM NEW."number") EXECUTE FUNCTION "phone_numbers_mark_renamed_suppressed"();
--> statement-breakpoint
-- The claim walks only numbers still to send that are not suppressed; with "require consent" on, only
-- the consented ones among them (a second index, so neither walk steps over rows it must skip).
DROP INDEX "phone_numbers_unsent_idx";
--> statement-breakpoint
CREATE INDEX "phone_numbers_unsent_idx" ON "phone_numbers" USING btree ("id")
  WHERE "status" = 'active' AND "last_sent" IS NULL AND "in_use" = 0 AND NOT "suppressed";
--> statement-breakpoint
CREATE INDEX "phone_numbers_unsent_consented_idx" ON "phone_numbers" USING btree ("id")
  WHERE "status" = 'active' AND "last_sent" IS NULL AND "in_use" = 0 AND NOT "suppressed" AND "consent_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "require_consent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The delivery funnel of each send: sent when settled as a success, then delivered and read from the
-- network's acknowledgements, or opted out when the recipient answered STOP.
ALTER TABLE "message_logs" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "read_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "message_logs" ADD COLUMN "opted_out_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "message_logs" SET "sent_at" = "created_at" WHERE "status" = 'success';
--> statement-breakpoint
CREATE INDEX "message_logs_whatsapp_idx" ON "message_logs" USING btree ("whatsapp_id", "created_at");
