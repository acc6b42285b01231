-- A delivery's foreign keys were checked row by row, each check share-locking the endpoint's row: with
-- every settle of a blast writing deliveries for the same endpoint, that row gathered a new multixact
-- per delivery and the settles queued behind it. The statements that write deliveries now share-lock
-- the endpoints they write for once per statement (jobs and routes below), a deleted endpoint's
-- deliveries are deleted with it, and a delivery is always written together with its event.
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_id_fkey";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_fkey";
