import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db';
import { openTestDatabase, startTestApp } from './support/app';
import { ReleasedDatabaseError, takeStrayDatabaseCalls } from './support/recycled-database';

/*
 * Test apps on the embedded database take a database a previous app closed, emptied: a test must
 * never see what the one before it left, nor a schema another test changed to force a failure.
 */
const rowsOf = async (database: Database) => ({
  users: await queryRows(database.db, sql`select id, email, role from users order by id`),
  settings: await queryRows(database.db, sql`select * from settings order by 1`),
  nextUserId: await queryRows(database.db, sql`select nextval('users_id_seq') as id`),
});

const leftOpen: Database[] = [];
afterAll(async () => {
  for (const database of leftOpen) await database.close();
});

describe.skipIf(process.env.TEST_DATABASE_URL)('a test database handed to the next test app', () => {
  it('holds the migrated rows again, with no user, lock or sequence value left from before', async () => {
    const fresh = await openTestDatabase();
    const migrated = await rowsOf(fresh);
    await fresh.close();

    const used = await startTestApp();
    await used.createUser('member');
    await used.call('PUT', '/api/admin/setting', { body: {} });
    await queryRows(used.ctx.db, sql`select pg_advisory_lock(77)`);
    await used.close();

    const next = await openTestDatabase();
    leftOpen.push(next);
    expect(await rowsOf(next)).toEqual(migrated);
    const [lock] = await queryRows<{ taken: boolean }>(
      next.db,
      sql`select count(*) > 0 as taken from pg_locks where locktype = 'advisory'`,
    );
    expect(lock!.taken).toBe(false);
  });

  it('is not handed on once a test changed its schema', async () => {
    const changed = await openTestDatabase();
    await changed.db.execute(sql`alter table users add constraint refuse_for_test check (id < 0) not valid`);
    await changed.close();
    const next = await openTestDatabase();
    leftOpen.push(next);
    const constraints = await queryRows(
      next.db,
      sql`select 1 from pg_constraint where conname = 'refuse_for_test'`,
    );
    expect(constraints).toEqual([]);
  });

  it("refuses a closed app's late work instead of letting it into the next app's rows", async () => {
    const closed = await startTestApp();
    await closed.close();
    const next = await openTestDatabase();
    leftOpen.push(next);
    await expect(queryRows(closed.ctx.db, sql`select 1`)).rejects.toThrow(ReleasedDatabaseError);
    // Made on purpose here: the suite's check after each file must not count it.
    expect(takeStrayDatabaseCalls()).toHaveLength(1);
  });
});
