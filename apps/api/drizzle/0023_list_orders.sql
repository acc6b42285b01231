-- The bonus list and the withdrawal history, newest first: each reads its index in order (with the id
-- as the last key, as the pager's cursor seeks), so a page stops after its rows instead of sorting
-- every row of the table.
CREATE INDEX "bonuses_created_idx" ON "bonuses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");
