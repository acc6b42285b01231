/** What the year section's platform is set up with, apart from its rows (bench/sections/year.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db';

/** Logs an account sends in one sitting, within a minute or two: accounts blast in sessions. */
export const SESSION = 20;
export const TEMPLATES = 20;

/**
 * What the platform is set up with, apart from its rows: 20 active templates and three webhook
 * endpoints subscribed to message.delivery (their receivers away: nothing dispatches in the bench).
 */
export async function yearConfiguration(db: Db) {
  await db.execute(sql`insert into message_templates (text, text_wa)
    select 'Halo {name}, pesan ' || i, 'Halo {name}, pesan ' || i from generate_series(1, ${TEMPLATES}::int) i`);
  await db.execute(sql`insert into webhook_endpoints (url, secret, event_types)
    select 'https://hooks.example.com/' || i, 'whsec_bench', array['message.delivery'] from generate_series(1, 3) i`);
}
