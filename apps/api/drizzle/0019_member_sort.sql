-- The member list sorts by registration date and by name on request: each sort reads its index in
-- order (with the id as the last key, as the pager's cursor seeks), so a page stops after its rows.
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("firstname" || ' ' || "lastname") collate "C","id");