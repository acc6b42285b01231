ALTER TABLE "phone_numbers" ADD COLUMN "last_log_id" bigint;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "last_stage" text;--> statement-breakpoint
UPDATE "phone_numbers" p SET "last_log_id" = l.id, "last_stage" = l.stage
FROM (
  SELECT DISTINCT ON (phone_number_id) phone_number_id, id,
    CASE
      WHEN status = 'fail' THEN 'failed'
      WHEN replied_at IS NOT NULL THEN 'replied'
      WHEN read_at IS NOT NULL THEN 'read'
      WHEN delivered_at IS NOT NULL THEN 'delivered'
      ELSE 'sent'
    END AS stage
  FROM "message_logs"
  WHERE status <> 'pending' AND phone_number_id IS NOT NULL
  ORDER BY phone_number_id, id DESC
) l
WHERE p.id = l.phone_number_id;--> statement-breakpoint
CREATE INDEX "phone_numbers_last_stage_idx" ON "phone_numbers" USING btree ("last_stage") WHERE "phone_numbers"."last_stage" is not null;
