CREATE TABLE "platform_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"success" bigint DEFAULT 0 NOT NULL,
	"fail" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"read" bigint DEFAULT 0 NOT NULL,
	"opted_out" bigint DEFAULT 0 NOT NULL,
	"blast_income" bigint DEFAULT 0 NOT NULL,
	"referral_income" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"withdraw_requested" bigint DEFAULT 0 NOT NULL,
	"withdraw_accepted" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_hourly_changes" (
	"hour" timestamp with time zone NOT NULL,
	"success" bigint DEFAULT 0 NOT NULL,
	"fail" bigint DEFAULT 0 NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"read" bigint DEFAULT 0 NOT NULL,
	"opted_out" bigint DEFAULT 0 NOT NULL,
	"blast_income" bigint DEFAULT 0 NOT NULL,
	"referral_income" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"withdraw_requested" bigint DEFAULT 0 NOT NULL,
	"withdraw_accepted" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The platform's sums from the member's, account's and template's: the migration fills the table with
-- it and a rollup rebuild (db/rollups.ts) calls it again once those are recounted.
CREATE FUNCTION "platform_hourly_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "platform_hourly_changes";
  DELETE FROM "platform_hourly";
  INSERT INTO "platform_hourly" ("hour", "success", "fail", "pending", "delivered", "read", "opted_out",
      "blast_income", "referral_income", "bonus", "withdraw_requested", "withdraw_accepted")
    SELECT "hour", sum("success"), sum("fail"), sum("pending"), sum("delivered"), sum("read"), sum("opted_out"),
      sum("blast_income"), sum("referral_income"), sum("bonus"), sum("withdraw_requested"), sum("withdraw_accepted")
    FROM (
      SELECT "hour", "success", "fail", "pending", "delivered", "read", "opted_out",
        0 AS "blast_income", 0 AS "referral_income", 0 AS "bonus", 0 AS "withdraw_requested", 0 AS "withdraw_accepted"
      FROM "message_log_hourly"
      UNION ALL
      SELECT "hour", 0, 0, 0, 0, 0, 0,
        CASE WHEN "kind" = 'blast_income' THEN "amount" ELSE 0 END,
        CASE WHEN "kind" = 'referral_income' THEN "amount" ELSE 0 END,
        CASE WHEN "kind" = 'bonus' THEN "amount" ELSE 0 END,
        CASE WHEN "kind" = 'withdraw_requested' THEN "amount" ELSE 0 END,
        CASE WHEN "kind" = 'withdraw_accepted' THEN "amount" ELSE 0 END
      FROM "ledger_hourly"
    ) s
    GROUP BY "hour";
$$;
--> statement-breakpoint
-- A log's change as the platform's sums see it: one row per statement and hour, never an update, so
-- the settles of a hundred accounts add to the same hour without waiting on each other.
CREATE FUNCTION "platform_hourly_logs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "platform_hourly_changes" ("hour", "success", "fail", "pending", "delivered", "read", "opted_out")
      SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
        count(*) FILTER (WHERE c."status" = 'success'), count(*) FILTER (WHERE c."status" = 'fail'),
        count(*) FILTER (WHERE c."status" = 'pending'), count(*) FILTER (WHERE c."delivered_at" IS NOT NULL),
        count(*) FILTER (WHERE c."read_at" IS NOT NULL), count(*) FILTER (WHERE c."opted_out_at" IS NOT NULL)
      FROM new_rows c GROUP BY 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "platform_hourly_changes" ("hour", "success", "fail", "pending", "delivered", "read", "opted_out")
      SELECT * FROM (
        SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour",
          coalesce(sum(c."sign") FILTER (WHERE c."status" = 'success'), 0) AS "success",
          coalesce(sum(c."sign") FILTER (WHERE c."status" = 'fail'), 0) AS "fail",
          coalesce(sum(c."sign") FILTER (WHERE c."status" = 'pending'), 0) AS "pending",
          coalesce(sum(c."sign") FILTER (WHERE c."delivered_at" IS NOT NULL), 0) AS "delivered",
          coalesce(sum(c."sign") FILTER (WHERE c."read_at" IS NOT NULL), 0) AS "read",
          coalesce(sum(c."sign") FILTER (WHERE c."opted_out_at" IS NOT NULL), 0) AS "opted_out"
        FROM (SELECT "created_at", "status", "delivered_at", "read_at", "opted_out_at", 1 AS "sign" FROM new_rows
          UNION ALL SELECT "created_at", "status", "delivered_at", "read_at", "opted_out_at", -1 FROM old_rows) c
        GROUP BY 1
      ) s WHERE s."success" <> 0 OR s."fail" <> 0 OR s."pending" <> 0 OR s."delivered" <> 0 OR s."read" <> 0 OR s."opted_out" <> 0;
  ELSIF current_setting('blaster.keep_rollups', true) IS DISTINCT FROM 'on' THEN
    -- A delete other than a retention prune, which leaves every sum as it was.
    INSERT INTO "platform_hourly_changes" ("hour", "success", "fail", "pending", "delivered", "read", "opted_out")
      SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
        -count(*) FILTER (WHERE c."status" = 'success'), -count(*) FILTER (WHERE c."status" = 'fail'),
        -count(*) FILTER (WHERE c."status" = 'pending'), -count(*) FILTER (WHERE c."delivered_at" IS NOT NULL),
        -count(*) FILTER (WHERE c."read_at" IS NOT NULL), -count(*) FILTER (WHERE c."opted_out_at" IS NOT NULL)
      FROM old_rows c GROUP BY 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "message_logs_platform_inserted" AFTER INSERT ON "message_logs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "platform_hourly_logs_changed"();
--> statement-breakpoint
CREATE TRIGGER "message_logs_platform_updated" AFTER UPDATE ON "message_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "platform_hourly_logs_changed"();
--> statement-breakpoint
CREATE TRIGGER "message_logs_platform_deleted" AFTER DELETE ON "message_logs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "platform_hourly_logs_changed"();
--> statement-breakpoint
-- An emptied log takes its sends out of the platform's sums, as it does from the members' (0012_stats).
CREATE FUNCTION "platform_hourly_logs_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "platform_hourly_changes" ("hour", "success", "fail", "pending", "delivered", "read", "opted_out")
    SELECT "hour", -sum("success"), -sum("fail"), -sum("pending"), -sum("delivered"), -sum("read"), -sum("opted_out")
    FROM (SELECT "hour", "success", "fail", "pending", "delivered", "read", "opted_out" FROM "platform_hourly"
      UNION ALL SELECT "hour", "success", "fail", "pending", "delivered", "read", "opted_out" FROM "platform_hourly_changes") s
    GROUP BY "hour";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "message_logs_platform_emptied" AFTER TRUNCATE ON "message_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform_hourly_logs_emptied"();
--> statement-breakpoint
CREATE FUNCTION "platform_hourly_ledger_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "platform_hourly_changes"
      ("hour", "blast_income", "referral_income", "bonus", "withdraw_requested", "withdraw_accepted")
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      coalesce(sum("amount") FILTER (WHERE "kind" = 'blast_income'), 0),
      coalesce(sum("amount") FILTER (WHERE "kind" = 'referral_income'), 0),
      coalesce(sum("amount") FILTER (WHERE "kind" = 'bonus'), 0),
      coalesce(sum("amount") FILTER (WHERE "kind" = 'withdraw_requested'), 0),
      coalesce(sum("amount") FILTER (WHERE "kind" = 'withdraw_accepted'), 0)
    FROM new_rows GROUP BY 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_platform_inserted" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "platform_hourly_ledger_inserted"();
--> statement-breakpoint
SELECT "platform_hourly_recount"();
