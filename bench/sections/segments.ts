/**
 * BENCH_ONLY=segments: a segment's live count over 1,000,000 phone numbers (BENCH_SEGMENT_NUMBERS),
 * the figure the builder shows as its filter changes and the blast's claim reads. Numbers carry tags
 * and fields as imports give them: three in five a city (one of ten), one in four the tag
 * `pelanggan`, one in twenty `vip`; four in five consented (`form` or `import`); a sent log for one
 * in three and an inbound reply for one in fifty.
 *
 * Each filter is counted through the function the route calls (`segmentRepository.count`, its
 * total and its claimable share in one statement), 20 times after a warm-up, and then answered over
 * HTTP by `POST /api/admin/segment/preview-count`, 20 requests one after another. Goal: under 200 ms
 * on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { SegmentFilter } from '@blaster/contract';
import { configFromEnv } from '../../apps/api/src/config';
import { seed } from '../../apps/api/src/db/seed';
import { readSettings } from '../../apps/api/src/domain/settings';
import { rebuildLastStages, rebuildWroteIn } from '../../apps/api/src/domain/number-history';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { segmentRepository } from '../../apps/api/src/modules/segments/repository';
import { createAppContext } from '../../apps/api/src/runtime';
import { buildApp } from '../../apps/api/src/server';
import { openBenchDatabase, percentile, round } from '../support';

const NUMBERS = Number(process.env.BENCH_SEGMENT_NUMBERS ?? 1_000_000);
const SLICE = 100_000;
const RUNS = 20;
const CITIES = [
  'Jakarta',
  'Bandung',
  'Surabaya',
  'Medan',
  'Semarang',
  'Makassar',
  'Palembang',
  'Depok',
  'Bogor',
  'Malang',
];

type Db = Awaited<ReturnType<typeof openBenchDatabase>>['db'];

/** The numbers, their logs and replies, straight in SQL, in slices so neither database holds it all at once. */
async function fill(db: Db) {
  const cities = sql.param(CITIES);
  for (let first = 1; first <= NUMBERS; first += SLICE) {
    const last = Math.min(NUMBERS, first + SLICE - 1);
    await db.execute(sql`insert into phone_numbers (number, name, tags, fields, consent_source, consent_at)
      select '62813' || lpad(i::text, 8, '0'), 'Kontak ' || i,
        case when i % 20 = 0 then array['pelanggan', 'vip'] when i % 4 = 0 then array['pelanggan'] else '{}'::text[] end,
        case when i % 5 < 3 then jsonb_build_object('name', 'Kontak ' || i, 'city', (${cities}::text[])[1 + i % 10])
          else '{}'::jsonb end,
        case when i % 5 = 4 then null when i % 2 = 0 then 'form' else 'import' end,
        case when i % 5 = 4 then null else now() - interval '30 days' end
      from generate_series(${first}::int, ${last}::int) i`);
  }
  await db.execute(sql`insert into number_fields (key) values ('name'), ('city') on conflict do nothing`);
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code)
    values ('Member', 'Bench', 'member@bench.local', 'x', 'REFBENCH')`);
  await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, state)
    values (2, 'id-1700000000000-1', '6281100000001', 'connected')`);
  // One in three numbers was sent to: half of them delivered, a quarter read.
  await db.execute(sql`insert into message_logs (user_id, whatsapp_id, phone_number_id, target, status, created_at, sent_at, delivered_at, read_at)
    select 2, 1, p.id, p.number, 'success', now() - interval '2 days', now() - interval '2 days',
      case when i % 6 = 0 then now() - interval '2 days' end, case when i % 12 = 0 then now() - interval '2 days' end
    from generate_series(3, ${NUMBERS}::int, 3) i join phone_numbers p on p.number = ('62813' || lpad(i::text, 8, '0')) collate "C"`);
  // What the settles and acknowledgements of these sends would have kept on each number.
  await rebuildLastStages(db);
  await db.execute(sql`insert into inbox_threads (whatsapp_id, user_id, counterpart, last_at, last_text, last_direction, unread)
    select 1, 2, '62813' || lpad(i::text, 8, '0'), now(), 'Oke kak', 'in', 1
    from generate_series(50, ${NUMBERS}::int, 50) i`);
  await db.execute(sql`insert into inbox_messages (thread_id, whatsapp_id, user_id, counterpart, direction, text, at)
    select id, whatsapp_id, user_id, counterpart, 'in', last_text, last_at from inbox_threads`);
  await rebuildWroteIn(db);
  // The stages and reply marks above rewrote a third of the numbers; a live server writes them in the
  // settle's own update of the row, so the seeded table is compacted to what that leaves.
  await db.execute(sql`vacuum analyze`);
}

const FILTERS: Record<string, SegmentFilter> = {
  everyNumber: {},
  tagVip: { tags: ['vip'] },
  cityBandung: { fields: [{ key: 'city', value: 'Bandung' }] },
  tagAndCity: { tags: ['pelanggan'], fields: [{ key: 'city', value: 'Surabaya' }] },
  consentForm: { consent_source: 'form' },
  cityAndLastStageRead: { fields: [{ key: 'city', value: 'Surabaya' }], last_stage: 'read' },
  cityAndReplied: { fields: [{ key: 'city', value: 'Jakarta' }], replied: true },
};

const summary = (times: number[]) => ({
  p50: round(percentile(times, 50)),
  p95: round(percentile(times, 95)),
  max: round(percentile(times, 100)),
});

export async function segmentCounts() {
  const database = await openBenchDatabase();
  const { db } = database;
  await seed(db, { email: 'bench@blaster.local', password: 'bench-password' });
  const seeding = performance.now();
  await fill(db);
  const seedSeconds = round((performance.now() - seeding) / 1000);
  const ctx = createAppContext({
    db,
    tokens: createTokenService('bench-secret-bench-secret-bench-secret'),
    config: configFromEnv({ HOST: '127.0.0.1', PORT: '0', REALTIME_PORT: '0' }),
  });
  const app = await buildApp(ctx);
  const authorization = `Bearer ${await ctx.tokens.sign(1)}`;
  const settings = await readSettings(db);

  const filters: Record<string, unknown> = {};
  for (const [name, filter] of Object.entries(FILTERS)) {
    const counted = await segmentRepository.count(db, filter, settings);
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/admin/segment/preview-count',
        headers: { authorization },
        payload: { filter },
      });
    await ask();
    const sqlTimes: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await segmentRepository.count(db, filter, settings);
      sqlTimes.push(performance.now() - started);
    }
    const httpTimes: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      const answer = await ask();
      httpTimes.push(performance.now() - started);
      if (answer.statusCode !== 200)
        throw new Error(`preview-count ${name}: ${answer.statusCode} ${answer.body}`);
    }
    filters[name] = { filter, ...counted, sqlMs: summary(sqlTimes), httpMs: summary(httpTimes) };
    console.error(`segments: ${name} ${JSON.stringify(filters[name])}`);
  }

  await app.close();
  await ctx.blast.stopAll();
  await ctx.lookups.stopAll();
  ctx.leases.stop();
  await database.close();
  return { numbers: NUMBERS, seedSeconds, runs: RUNS, filters, goal: 'http p95 < 200 ms on PostgreSQL' };
}
