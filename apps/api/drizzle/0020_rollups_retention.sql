-- Retention (jobs/retention.ts) deletes settled message logs past their age; every figure read from
-- them moves to the rollups, which a prune leaves as they are. The hourly sums gain the template and
-- the funnel's stages, and a referral share names the member whose blast earned it.
ALTER TABLE "ledger_entries" ADD COLUMN "source_user_id" integer;
--> statement-breakpoint
ALTER TABLE "message_log_hourly" ADD COLUMN "template_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_log_hourly" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_log_hourly" ADD COLUMN "read" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "message_log_hourly" ADD COLUMN "opted_out" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "account_events_created_idx" ON "account_events" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "ledger_referral_source_idx" ON "ledger_entries" USING btree ("user_id","source_user_id") WHERE "ledger_entries"."kind" = 'referral_income';
--> statement-breakpoint
CREATE INDEX "message_log_hourly_account_idx" ON "message_log_hourly" USING btree ("whatsapp_id","hour");
--> statement-breakpoint
ALTER TABLE "message_log_hourly" DROP CONSTRAINT "message_log_hourly_pk";
--> statement-breakpoint
ALTER TABLE "message_log_hourly" ADD CONSTRAINT "message_log_hourly_pk" PRIMARY KEY("hour","user_id","whatsapp_id","template_id");
--> statement-breakpoint
UPDATE "ledger_entries" l SET "source_user_id" = m."user_id"
  FROM "message_logs" m WHERE l."kind" = 'referral_income' AND m."id" = l."ref_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_log_hourly_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sums per hour, member, account and template, added in key order so that concurrent writers never
  -- deadlock.
  INSERT INTO "message_log_hourly" AS h
      ("hour", "user_id", "whatsapp_id", "template_id", "success", "fail", "pending", "delivered", "read", "opted_out")
    SELECT * FROM (
      SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", c."user_id", c."whatsapp_id",
        coalesce(c."template_id", 0) AS "template_id",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'success'), 0)::int AS "success",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'fail'), 0)::int AS "fail",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'pending'), 0)::int AS "pending",
        coalesce(sum(c."sign") FILTER (WHERE c."delivered_at" IS NOT NULL), 0)::int AS "delivered",
        coalesce(sum(c."sign") FILTER (WHERE c."read_at" IS NOT NULL), 0)::int AS "read",
        coalesce(sum(c."sign") FILTER (WHERE c."opted_out_at" IS NOT NULL), 0)::int AS "opted_out"
      FROM (SELECT "created_at", "user_id", "whatsapp_id", "template_id", "status", "delivered_at", "read_at", "opted_out_at", 1 AS "sign" FROM new_rows) c GROUP BY 1, 2, 3, 4
    ) s WHERE s."success" <> 0 OR s."fail" <> 0 OR s."pending" <> 0 OR s."delivered" <> 0 OR s."read" <> 0 OR s."opted_out" <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "user_id", "whatsapp_id", "template_id") DO UPDATE SET
      "success" = h."success" + excluded."success",
      "fail" = h."fail" + excluded."fail",
      "pending" = h."pending" + excluded."pending",
      "delivered" = h."delivered" + excluded."delivered",
      "read" = h."read" + excluded."read",
      "opted_out" = h."opted_out" + excluded."opted_out";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_log_hourly_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sums per hour, member, account and template, added in key order so that concurrent writers never
  -- deadlock.
  INSERT INTO "message_log_hourly" AS h
      ("hour", "user_id", "whatsapp_id", "template_id", "success", "fail", "pending", "delivered", "read", "opted_out")
    SELECT * FROM (
      SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", c."user_id", c."whatsapp_id",
        coalesce(c."template_id", 0) AS "template_id",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'success'), 0)::int AS "success",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'fail'), 0)::int AS "fail",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'pending'), 0)::int AS "pending",
        coalesce(sum(c."sign") FILTER (WHERE c."delivered_at" IS NOT NULL), 0)::int AS "delivered",
        coalesce(sum(c."sign") FILTER (WHERE c."read_at" IS NOT NULL), 0)::int AS "read",
        coalesce(sum(c."sign") FILTER (WHERE c."opted_out_at" IS NOT NULL), 0)::int AS "opted_out"
      FROM (SELECT "created_at", "user_id", "whatsapp_id", "template_id", "status", "delivered_at", "read_at", "opted_out_at", 1 AS "sign" FROM new_rows UNION ALL SELECT "created_at", "user_id", "whatsapp_id", "template_id", "status", "delivered_at", "read_at", "opted_out_at", -1 AS "sign" FROM old_rows) c GROUP BY 1, 2, 3, 4
    ) s WHERE s."success" <> 0 OR s."fail" <> 0 OR s."pending" <> 0 OR s."delivered" <> 0 OR s."read" <> 0 OR s."opted_out" <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "user_id", "whatsapp_id", "template_id") DO UPDATE SET
      "success" = h."success" + excluded."success",
      "fail" = h."fail" + excluded."fail",
      "pending" = h."pending" + excluded."pending",
      "delivered" = h."delivered" + excluded."delivered",
      "read" = h."read" + excluded."read",
      "opted_out" = h."opted_out" + excluded."opted_out";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_log_hourly_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A retention prune (jobs/retention.ts) removes old logs and leaves their sums: the charts keep them.
  IF current_setting('blaster.keep_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- Sums per hour, member, account and template, added in key order so that concurrent writers never
  -- deadlock.
  INSERT INTO "message_log_hourly" AS h
      ("hour", "user_id", "whatsapp_id", "template_id", "success", "fail", "pending", "delivered", "read", "opted_out")
    SELECT * FROM (
      SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", c."user_id", c."whatsapp_id",
        coalesce(c."template_id", 0) AS "template_id",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'success'), 0)::int AS "success",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'fail'), 0)::int AS "fail",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'pending'), 0)::int AS "pending",
        coalesce(sum(c."sign") FILTER (WHERE c."delivered_at" IS NOT NULL), 0)::int AS "delivered",
        coalesce(sum(c."sign") FILTER (WHERE c."read_at" IS NOT NULL), 0)::int AS "read",
        coalesce(sum(c."sign") FILTER (WHERE c."opted_out_at" IS NOT NULL), 0)::int AS "opted_out"
      FROM (SELECT "created_at", "user_id", "whatsapp_id", "template_id", "status", "delivered_at", "read_at", "opted_out_at", -1 AS "sign" FROM old_rows) c GROUP BY 1, 2, 3, 4
    ) s WHERE s."success" <> 0 OR s."fail" <> 0 OR s."pending" <> 0 OR s."delivered" <> 0 OR s."read" <> 0 OR s."opted_out" <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("hour", "user_id", "whatsapp_id", "template_id") DO UPDATE SET
      "success" = h."success" + excluded."success",
      "fail" = h."fail" + excluded."fail",
      "pending" = h."pending" + excluded."pending",
      "delivered" = h."delivered" + excluded."delivered",
      "read" = h."read" + excluded."read",
      "opted_out" = h."opted_out" + excluded."opted_out";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The sums so far had no template or stage: they are counted again from the log.
DELETE FROM "message_log_hourly";
--> statement-breakpoint
INSERT INTO "message_log_hourly"
    ("hour", "user_id", "whatsapp_id", "template_id", "success", "fail", "pending", "delivered", "read", "opted_out")
  SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', "user_id", "whatsapp_id",
    coalesce("template_id", 0),
    count(*) FILTER (WHERE "status" = 'success')::int,
    count(*) FILTER (WHERE "status" = 'fail')::int,
    count(*) FILTER (WHERE "status" = 'pending')::int,
    count(*) FILTER (WHERE "delivered_at" IS NOT NULL)::int,
    count(*) FILTER (WHERE "read_at" IS NOT NULL)::int,
    count(*) FILTER (WHERE "opted_out_at" IS NOT NULL)::int
  FROM "message_logs" GROUP BY 1, 2, 3, 4;
