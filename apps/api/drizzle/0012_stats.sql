-- Sends per hour, member and chat account, kept by the database as message logs come, settle and go:
-- the charts sum a few hundred of these rows instead of counting the whole log. Hours are UTC hours
-- (whole-hour zones such as Asia/Jakarta cut days exactly on them). Each sending account writes its
-- own rows, so concurrent blasts never wait on one shared counter.
CREATE TABLE "message_log_hourly" (
  "hour" timestamp with time zone NOT NULL,
  "user_id" integer NOT NULL,
  "whatsapp_id" integer NOT NULL,
  "success" integer DEFAULT 0 NOT NULL,
  "fail" integer DEFAULT 0 NOT NULL,
  "pending" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "message_log_hourly_pk" PRIMARY KEY("hour", "user_id", "whatsapp_id")
);
--> statement-breakpoint
CREATE INDEX "message_log_hourly_user_idx" ON "message_log_hourly" USING btree ("user_id", "hour");
--> statement-breakpoint
CREATE FUNCTION "message_log_hourly_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sums per hour, member and account, added in key order so that concurrent writers never deadlock.
  INSERT INTO "message_log_hourly" AS h ("hour", "user_id", "whatsapp_id", "success", "fail", "pending")
    SELECT * FROM (
      SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", c."user_id", c."whatsapp_id",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'success'), 0)::int AS "success",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'fail'), 0)::int AS "fail",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'pending'), 0)::int AS "pending"
      FROM (SELECT "created_at", "user_id", "whatsapp_id", "status", 1 AS "sign" FROM new_rows) c GROUP BY 1, 2, 3
    ) s WHERE s."success" <> 0 OR s."fail" <> 0 OR s."pending" <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "user_id", "whatsapp_id") DO UPDATE SET
      "success" = h."success" + excluded."success",
      "fail" = h."fail" + excluded."fail",
      "pending" = h."pending" + excluded."pending";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "message_log_hourly_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sums per hour, member and account, added in key order so that concurrent writers never deadlock.
  INSERT INTO "message_log_hourly" AS h ("hour", "user_id", "whatsapp_id", "success", "fail", "pending")
    SELECT * FROM (
      SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", c."user_id", c."whatsapp_id",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'success'), 0)::int AS "success",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'fail'), 0)::int AS "fail",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'pending'), 0)::int AS "pending"
      FROM (SELECT "created_at", "user_id", "whatsapp_id", "status", 1 AS "sign" FROM new_rows UNION ALL SELECT "created_at", "user_id", "whatsapp_id", "status", -1 FROM old_rows) c GROUP BY 1, 2, 3
    ) s WHERE s."success" <> 0 OR s."fail" <> 0 OR s."pending" <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "user_id", "whatsapp_id") DO UPDATE SET
      "success" = h."success" + excluded."success",
      "fail" = h."fail" + excluded."fail",
      "pending" = h."pending" + excluded."pending";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "message_log_hourly_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sums per hour, member and account, added in key order so that concurrent writers never deadlock.
  INSERT INTO "message_log_hourly" AS h ("hour", "user_id", "whatsapp_id", "success", "fail", "pending")
    SELECT * FROM (
      SELECT date_trunc('hour', c."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS "hour", c."user_id", c."whatsapp_id",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'success'), 0)::int AS "success",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'fail'), 0)::int AS "fail",
        coalesce(sum(c."sign") FILTER (WHERE c."status" = 'pending'), 0)::int AS "pending"
      FROM (SELECT "created_at", "user_id", "whatsapp_id", "status", -1 AS "sign" FROM old_rows) c GROUP BY 1, 2, 3
    ) s WHERE s."success" <> 0 OR s."fail" <> 0 OR s."pending" <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("hour", "user_id", "whatsapp_id") DO UPDATE SET
      "success" = h."success" + excluded."success",
      "fail" = h."fail" + excluded."fail",
      "pending" = h."pending" + excluded."pending";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "message_log_hourly_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "message_log_hourly";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "message_logs_hourly_inserted" AFTER INSERT ON "message_logs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "message_log_hourly_inserted"();
--> statement-breakpoint
CREATE TRIGGER "message_logs_hourly_updated" AFTER UPDATE ON "message_logs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "message_log_hourly_updated"();
--> statement-breakpoint
CREATE TRIGGER "message_logs_hourly_deleted" AFTER DELETE ON "message_logs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "message_log_hourly_deleted"();
--> statement-breakpoint
CREATE TRIGGER "message_logs_hourly_emptied" AFTER TRUNCATE ON "message_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_log_hourly_emptied"();
--> statement-breakpoint
INSERT INTO "message_log_hourly" ("hour", "user_id", "whatsapp_id", "success", "fail", "pending")
  SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', "user_id", "whatsapp_id",
    count(*) FILTER (WHERE "status" = 'success')::int,
    count(*) FILTER (WHERE "status" = 'fail')::int,
    count(*) FILTER (WHERE "status" = 'pending')::int
  FROM "message_logs" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Money booked per hour, user and kind: the ledger is append-only, so only inserts move it.
CREATE TABLE "ledger_hourly" (
  "hour" timestamp with time zone NOT NULL,
  "user_id" integer NOT NULL,
  "kind" text NOT NULL,
  "amount" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "ledger_hourly_pk" PRIMARY KEY("user_id", "hour", "kind")
);
--> statement-breakpoint
CREATE INDEX "ledger_hourly_hour_idx" ON "ledger_hourly" USING btree ("hour");
--> statement-breakpoint
CREATE FUNCTION "ledger_hourly_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_hourly" AS h ("hour", "user_id", "kind", "amount")
    SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', "user_id", "kind", sum("amount")
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 2, 1, 3
    ON CONFLICT ("user_id", "hour", "kind") DO UPDATE SET "amount" = h."amount" + excluded."amount";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_hourly_inserted" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_hourly_inserted"();
--> statement-breakpoint
INSERT INTO "ledger_hourly" ("hour", "user_id", "kind", "amount")
  SELECT date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', "user_id", "kind", sum("amount")
  FROM "ledger_entries" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Lookups done per hour, user and kind (generator or validator), counted as each result is recorded.
-- They count work done: a job deleted or started again keeps its past lookups in the chart.
CREATE TABLE "lookup_hourly" (
  "hour" timestamp with time zone NOT NULL,
  "user_id" integer NOT NULL,
  "kind" text NOT NULL,
  "found" integer DEFAULT 0 NOT NULL,
  "not_found" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "lookup_hourly_pk" PRIMARY KEY("user_id", "kind", "hour")
);
--> statement-breakpoint
CREATE INDEX "lookup_hourly_kind_hour_idx" ON "lookup_hourly" USING btree ("kind", "hour");
--> statement-breakpoint
CREATE FUNCTION "lookup_hourly_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lookup_hourly" AS h ("hour", "user_id", "kind", "found", "not_found")
    SELECT date_trunc('hour', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', j."user_id", j."kind",
      count(*) FILTER (WHERE r."found")::int, count(*) FILTER (WHERE NOT r."found")::int
    FROM new_rows r JOIN "lookup_jobs" j ON j."id" = r."job_id"
    GROUP BY 1, 2, 3 ORDER BY 2, 3, 1
    ON CONFLICT ("user_id", "kind", "hour") DO UPDATE SET
      "found" = h."found" + excluded."found",
      "not_found" = h."not_found" + excluded."not_found";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lookup_results_hourly_inserted" AFTER INSERT ON "lookup_results"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "lookup_hourly_inserted"();
--> statement-breakpoint
-- Results recorded before this migration carry no time: they count at their job's creation.
INSERT INTO "lookup_hourly" ("hour", "user_id", "kind", "found", "not_found")
  SELECT date_trunc('hour', j."created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', j."user_id", j."kind",
    count(*) FILTER (WHERE r."found")::int, count(*) FILTER (WHERE NOT r."found")::int
  FROM "lookup_results" r JOIN "lookup_jobs" j ON j."id" = r."job_id"
  GROUP BY 1, 2, 3;
