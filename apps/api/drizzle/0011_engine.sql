-- Successful blasts per user decide the level (and so the blast fee); kept by the database as logs
-- change, so neither the engine nor the member list counts the whole log again.
ALTER TABLE "users" ADD COLUMN "success_blasts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "users" SET "success_blasts" = c.n
  FROM (SELECT "user_id", count(*)::int AS n FROM "message_logs" WHERE "status" = 'success' GROUP BY "user_id") c
  WHERE "users"."id" = c."user_id";
--> statement-breakpoint
CREATE FUNCTION "count_success_blasts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "success_blasts" = u."success_blasts" + c.n
    FROM (SELECT "user_id", count(*)::int AS n FROM new_rows WHERE "status" = 'success' GROUP BY "user_id") c
    WHERE u."id" = c."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_success_blasts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "success_blasts" = u."success_blasts" + c.n
    FROM (
      SELECT n."user_id", sum(CASE WHEN n."status" = 'success' THEN 1 ELSE -1 END)::int AS n
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (n."status" = 'success') <> (o."status" = 'success')
      GROUP BY n."user_id"
    ) c
    WHERE u."id" = c."user_id" AND c.n <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "count_success_blasts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" u SET "success_blasts" = u."success_blasts" - c.n
    FROM (SELECT "user_id", count(*)::int AS n FROM old_rows WHERE "status" = 'success' GROUP BY "user_id") c
    WHERE u."id" = c."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "message_logs_success_inserted" AFTER INSERT ON "message_logs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_success_blasts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "message_logs_success_updated" AFTER UPDATE ON "message_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_success_blasts_updated"();
--> statement-breakpoint
CREATE TRIGGER "message_logs_success_deleted" AFTER DELETE ON "message_logs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_success_blasts_deleted"();
--> statement-breakpoint
-- The blast engine's claim walks only numbers still to send, whatever share of the list is done.
CREATE INDEX "phone_numbers_unsent_idx" ON "phone_numbers" USING btree ("id")
  WHERE "status" = 'active' AND "last_sent" IS NULL AND "in_use" = 0;
--> statement-breakpoint
-- Template uses per sending account: each account bumps its own row, so no row is shared by every sender.
CREATE TABLE "template_use_counts" (
  "template_id" integer NOT NULL REFERENCES "message_templates"("id") ON DELETE CASCADE,
  "whatsapp_id" integer NOT NULL,
  "count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "template_use_counts_pk" PRIMARY KEY("template_id", "whatsapp_id")
);
