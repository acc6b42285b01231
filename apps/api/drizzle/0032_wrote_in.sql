ALTER TABLE "phone_numbers" ADD COLUMN "wrote_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "phone_numbers" p SET "wrote_in" = true
FROM (SELECT DISTINCT counterpart FROM "inbox_messages" WHERE direction = 'in') m
WHERE p.number = m.counterpart COLLATE "C";--> statement-breakpoint
CREATE INDEX "phone_numbers_wrote_in_idx" ON "phone_numbers" USING btree ("id") WHERE "phone_numbers"."wrote_in";
