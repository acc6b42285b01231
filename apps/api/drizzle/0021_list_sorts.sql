-- The chat-account, bonus and withdrawal lists sort by their figures and dates on request: each sort
-- reads its index in order (the id last, as the pager's cursor seeks), so a page stops after its rows.
CREATE INDEX "bonuses_created_idx" ON "bonuses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bonuses_nominal_idx" ON "bonuses" USING btree ("nominal","id");--> statement-breakpoint
CREATE INDEX "whatsapp_success_sort_idx" ON "whatsapp_accounts" USING btree ("count_success","id");--> statement-breakpoint
CREATE INDEX "whatsapp_fail_sort_idx" ON "whatsapp_accounts" USING btree ("count_fail","id");--> statement-breakpoint
CREATE INDEX "whatsapp_income_sort_idx" ON "whatsapp_accounts" USING btree ("income","id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_nominal_idx" ON "withdrawals" USING btree ("nominal","id");
