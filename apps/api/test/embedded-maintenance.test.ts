import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db';
import { waitFor } from './support/chat';

/*
 * The embedded database has no autovacuum. Without a vacuum, every log that was once in flight keeps
 * an entry in the index of logs in flight, and the scan for sends left in flight (run every few
 * seconds to find blasts to take over) reads all of them: it would slow with every message sent.
 */
const databases: Database[] = [];
afterAll(async () => {
  for (const database of databases) await database.close();
});

/** Pages the scan for logs still in flight reads, from the plan actually run. */
async function pagesReadByInFlightScan(database: Database) {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    database.db,
    sql`explain (analyze, buffers, format json) select whatsapp_id from message_logs where status = 'pending'`,
  );
  const plan = row!['QUERY PLAN'][0].Plan;
  return plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!;
}

/** A table's vacuum and analyze counts, and the planner's count of its rows. */
async function maintenanceOf(database: Database, table: string) {
  const [row] = await queryRows<{ vacuums: number; analyzes: number; rows: number }>(
    database.db,
    sql`select s.vacuum_count as vacuums, s.analyze_count as analyzes, c.reltuples as rows
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`,
  );
  return row!;
}

async function sendAndSettle(database: Database, logs: number) {
  const { db } = database;
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    values ('Member', 'One', 'member@maintenance.local', 'x', 'MAINT1')`);
  await db.execute(
    sql`insert into whatsapp_accounts (user_id, clientid) select id, 'maintenance-1' from users`,
  );
  for (let round = 0; round < 10; round += 1) {
    await db.execute(sql`insert into message_logs (user_id, whatsapp_id, target, status)
      select u.id, a.id, '62812' || i, 'pending'
      from users u, whatsapp_accounts a, generate_series(1, ${logs / 10}) i`);
    await db.execute(
      sql`update message_logs set status = 'success', sent_at = now() where status = 'pending'`,
    );
  }
}

describe('the embedded database', () => {
  it('vacuums itself, so settled sends stop costing the scan for sends in flight', async () => {
    const database = await openDatabase({ maintenanceMs: 200 });
    databases.push(database);
    await sendAndSettle(database, 20_000);
    const vacuums = async () => (await maintenanceOf(database, 'message_logs')).vacuums;
    const before = await vacuums();
    await waitFor(async () => (await vacuums()) > before, 'a vacuum pass');
    // 20,000 settled logs take well over a hundred pages of index and table; nothing is in flight.
    expect(await pagesReadByInFlightScan(database)).toBeLessThan(10);
  });

  it('refreshes the statistics of a table that changed, and leaves a quiet one alone', async () => {
    // ANALYZE samples every large table and holds the only backend for hundreds of milliseconds:
    // on an idle server every request waiting behind a full pass would stall once a minute.
    const database = await openDatabase({ maintenanceMs: 200 });
    databases.push(database);
    const { db } = database;
    const maintenance = (table: string) => maintenanceOf(database, table);
    const before = await maintenance('phone_numbers');
    await db.execute(sql`insert into phone_numbers (number, name)
      select '62812' || lpad(i::text, 8, '0'), 'Kontak ' || i from generate_series(1, 20000) i`);
    await waitFor(
      async () => (await maintenance('phone_numbers')).analyzes > before.analyzes,
      'the changed table to be analyzed',
    );
    expect((await maintenance('phone_numbers')).rows).toBe(20_000);

    const quiet = await maintenance('phone_numbers');
    // Passes go on: another table keeps changing and is maintained twice more.
    for (let round = 1; round <= 2; round += 1) {
      const users = await maintenance('users');
      await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
        select 'Member', 'No ' || i, 'quiet' || ${round} || '-' || i || '@maintenance.local', 'x',
          'QUIET' || ${round} || '-' || i
        from generate_series(1, 100) i`);
      await waitFor(
        async () => (await maintenance('users')).vacuums > users.vacuums,
        'the changing table to be vacuumed again',
      );
    }
    expect(await maintenance('phone_numbers')).toEqual(quiet);
  });
});
