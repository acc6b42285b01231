-- The generator and validator lists sort on request by date, target, found and not-found counts and
-- progress: each sort reads its index in order after the kind (with the id last, as the pager's
-- cursor seeks), so a page stops after its rows.
CREATE INDEX "lookup_jobs_created_idx" ON "lookup_jobs" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "lookup_jobs_target_idx" ON "lookup_jobs" USING btree ("kind",lower(coalesce("file_name", "start_number", '')) collate "C","id");--> statement-breakpoint
CREATE INDEX "lookup_jobs_success_idx" ON "lookup_jobs" USING btree ("kind","count_success","id");--> statement-breakpoint
CREATE INDEX "lookup_jobs_fail_idx" ON "lookup_jobs" USING btree ("kind","count_fail","id");--> statement-breakpoint
CREATE INDEX "lookup_jobs_progress_idx" ON "lookup_jobs" USING btree ("kind",(case when "total" > 0 then least("position"::float8 / "total", 1) else 0 end),"id");