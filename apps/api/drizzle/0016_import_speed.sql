-- Numbers compare byte by byte ("C"): the one unique index then serves equality, ON CONFLICT, joins and
-- the picker's prefix search in order, and the separate prefix index (a second index written for every
-- imported row) goes. Numbers are digits, so their order is the same as before. The trigger on the
-- column is set up again unchanged (a column's type cannot change under a trigger that names it).
DROP INDEX "phone_numbers_number_prefix_idx";
--> statement-breakpoint
DROP TRIGGER "phone_numbers_renamed_suppressed" ON "phone_numbers";
--> statement-breakpoint
ALTER TABLE "phone_numbers" ALTER COLUMN "number" TYPE text COLLATE "C";
--> statement-breakpoint
CREATE TRIGGER "phone_numbers_renamed_suppressed" BEFORE UPDATE OF "number" ON "phone_numbers"
  FOR EACH ROW WHEN (OLD."number" IS DISTINCT FROM NEW."number") EXECUTE FUNCTION "phone_numbers_mark_renamed_suppressed"();
