import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobLeases } from '../src/cluster/leases';
import { openDatabase, queryRows, type Database } from '../src/db';
import { createScratchDatabase } from '../src/db/scratch';
import { openTestDatabase } from './support/app';
import { waitFor } from './support/chat';

const server = process.env.TEST_DATABASE_URL;

describe.skipIf(!server)('job leases on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(server!);
    database = await openDatabase({ databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('keeps renewing every lease while a step holds one of them locked, and loses none', async () => {
    const lost: number[] = [];
    const leases = new JobLeases(database.db, 'renewing', 1_500, (_kind, jobId) => lost.push(jobId));
    const expiry = async (jobId: number) => {
      const [row] = await queryRows<{ at: string }>(
        database.db,
        sql`select expires_at::text as at from job_leases where kind = 'blast' and job_id = ${jobId}`,
      );
      return row!.at;
    };
    const step = new pg.Client({ connectionString: scratch.url });
    try {
      expect(await leases.acquire('blast', 1)).toBe(true);
      expect(await leases.acquire('blast', 2)).toBe(true);
      // A step of job 1 in its transaction: the lease row stays locked until it commits.
      await step.connect();
      await step.query('begin');
      await step.query(`select * from job_leases where kind = 'blast' and job_id = 1 for update`);
      const before = await expiry(2);
      await waitFor(
        async () => (await expiry(2)) !== before,
        "job 2's lease renewed while job 1's row is locked",
      );
      expect(lost).toEqual([]);
    } finally {
      await step.query('rollback').catch(() => {});
      await step.end();
      leases.stop();
    }
  });
});

describe('stopping job leases', () => {
  it('renews no further kind once stopped, and resolves when the renewal under way has ended', async () => {
    const database = await openTestDatabase();
    try {
      let openGate!: () => void;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let firstRenewalStarted!: () => void;
      const firstRenewal = new Promise<void>((resolve) => (firstRenewalStarted = resolve));
      let renewals = 0;
      let firstRenewalDone: Promise<unknown> = new Promise(() => {});
      // The leases' own handle: the first renewal is held until the test lets it through.
      const leasesDb: Database['db'] = Object.create(database.db);
      leasesDb.execute = ((query: Parameters<Database['db']['execute']>[0]) => {
        renewals += 1;
        if (renewals > 1) return database.db.execute(query);
        firstRenewalStarted();
        firstRenewalDone = gate.then(() => database.db.execute(query));
        return firstRenewalDone;
      }) as Database['db']['execute'];
      const leases = new JobLeases(leasesDb, 'stopping', 600);
      expect(await leases.acquire('blast', 1)).toBe(true);
      expect(await leases.acquire('lookup', 1)).toBe(true);
      await firstRenewal;

      let stopped = false;
      const stopping = leases.stop().then(() => (stopped = true));
      await Promise.resolve();
      expect(stopped).toBe(false);
      openGate();
      await stopping;
      // A renewal goes on to the next kind in the same turn as its query's answer.
      await firstRenewalDone;
      await new Promise((resolve) => setImmediate(resolve));
      // The blast lease's renewal was under way; the lookup lease's would have come after the stop.
      expect(renewals).toBe(1);
    } finally {
      await database.close();
    }
  });
});
