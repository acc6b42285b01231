CREATE TABLE "list_buckets" (
	"list" text NOT NULL,
	"bucket" integer NOT NULL,
	"row_count" bigint NOT NULL,
	CONSTRAINT "list_buckets_list_bucket_pk" PRIMARY KEY("list","bucket")
);
--> statement-breakpoint
CREATE FUNCTION "list_buckets_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows per block of 1024 ids, kept by each statement that adds or removes rows (bulk INSERT ... SELECT
  -- and COPY included). Buckets are touched in order so that concurrent writers never deadlock.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_buckets (list, bucket, row_count)
      SELECT TG_TABLE_NAME, id / 1024, count(*) FROM added_rows GROUP BY 2 ORDER BY 2
      ON CONFLICT (list, bucket) DO UPDATE SET row_count = list_buckets.row_count + excluded.row_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_buckets (list, bucket, row_count)
      SELECT TG_TABLE_NAME, id / 1024, -count(*) FROM removed_rows GROUP BY 2 ORDER BY 2
      ON CONFLICT (list, bucket) DO UPDATE SET row_count = list_buckets.row_count + excluded.row_count;
  ELSE
    DELETE FROM list_buckets WHERE list = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "whatsapp_accounts_added" AFTER INSERT ON "whatsapp_accounts" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
CREATE TRIGGER "whatsapp_accounts_removed" AFTER DELETE ON "whatsapp_accounts" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
CREATE TRIGGER "whatsapp_accounts_emptied" AFTER TRUNCATE ON "whatsapp_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
INSERT INTO "list_buckets" ("list", "bucket", "row_count") SELECT 'whatsapp_accounts', "id" / 1024, count(*) FROM "whatsapp_accounts" GROUP BY 2;
--> statement-breakpoint
CREATE TRIGGER "phone_numbers_added" AFTER INSERT ON "phone_numbers" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
CREATE TRIGGER "phone_numbers_removed" AFTER DELETE ON "phone_numbers" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
CREATE TRIGGER "phone_numbers_emptied" AFTER TRUNCATE ON "phone_numbers" FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
INSERT INTO "list_buckets" ("list", "bucket", "row_count") SELECT 'phone_numbers', "id" / 1024, count(*) FROM "phone_numbers" GROUP BY 2;
--> statement-breakpoint
CREATE TRIGGER "proxies_added" AFTER INSERT ON "proxies" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
CREATE TRIGGER "proxies_removed" AFTER DELETE ON "proxies" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
CREATE TRIGGER "proxies_emptied" AFTER TRUNCATE ON "proxies" FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
INSERT INTO "list_buckets" ("list", "bucket", "row_count") SELECT 'proxies', "id" / 1024, count(*) FROM "proxies" GROUP BY 2;
--> statement-breakpoint
CREATE TRIGGER "message_templates_added" AFTER INSERT ON "message_templates" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
CREATE TRIGGER "message_templates_removed" AFTER DELETE ON "message_templates" REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
CREATE TRIGGER "message_templates_emptied" AFTER TRUNCATE ON "message_templates" FOR EACH STATEMENT EXECUTE FUNCTION "list_buckets_count"();
--> statement-breakpoint
INSERT INTO "list_buckets" ("list", "bucket", "row_count") SELECT 'message_templates', "id" / 1024, count(*) FROM "message_templates" GROUP BY 2;
--> statement-breakpoint
CREATE INDEX "phone_numbers_number_prefix_idx" ON "phone_numbers" USING btree ("number" COLLATE "C");
--> statement-breakpoint
CREATE INDEX "phone_numbers_name_prefix_idx" ON "phone_numbers" USING btree (lower("name") COLLATE "C");
