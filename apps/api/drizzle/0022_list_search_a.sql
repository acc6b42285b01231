-- The template, proxy and suppression lists sort on request, each reading its index in order (the id, or
-- the number, last, as the pager seeks): templates by caption and date, proxies by value and date,
-- suppressed numbers by reason.
CREATE INDEX "message_templates_caption_sort_idx" ON "message_templates" USING btree (lower(left("text_wa", 200)) collate "C","id");--> statement-breakpoint
CREATE INDEX "message_templates_created_idx" ON "message_templates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "proxies_value_sort_idx" ON "proxies" USING btree (lower("value") collate "C","id");--> statement-breakpoint
CREATE INDEX "proxies_created_idx" ON "proxies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "suppressions_reason_idx" ON "suppressions" USING btree ("reason","number");