-- The lists sort and filter on request, each reading its index in order (the id last, as the pager's
-- cursor seeks), so a page stops after its rows: chat accounts by their figures, bonuses and
-- withdrawals by amount and date, templates and proxies by status.
CREATE INDEX "bonuses_created_idx" ON "bonuses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bonuses_nominal_idx" ON "bonuses" USING btree ("nominal","id");--> statement-breakpoint
CREATE INDEX "message_templates_status_idx" ON "message_templates" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "proxies_status_idx" ON "proxies" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "whatsapp_success_sort_idx" ON "whatsapp_accounts" USING btree ("count_success","id");--> statement-breakpoint
CREATE INDEX "whatsapp_fail_sort_idx" ON "whatsapp_accounts" USING btree ("count_fail","id");--> statement-breakpoint
CREATE INDEX "whatsapp_income_sort_idx" ON "whatsapp_accounts" USING btree ("income","id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_nominal_idx" ON "withdrawals" USING btree ("nominal","id");
