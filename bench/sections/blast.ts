import { sql } from 'drizzle-orm';
import { configFromEnv } from '../../apps/api/src/config';
import { createPostgresBus } from '../../apps/api/src/cluster/bus';
import { queryRows } from '../../apps/api/src/db';
import { seed } from '../../apps/api/src/db/seed';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { createAppContext } from '../../apps/api/src/runtime';
import { openBenchDatabase, round, SERVER } from '../support';

const TARGETS = Number(process.env.BENCH_BLAST_TARGETS ?? 100_000);
const SHORT_TARGETS = Number(process.env.BENCH_BLAST_SHORT_TARGETS ?? 20_000);
const MEMBERS = 10;

/**
 * One blast run: `accounts` connected accounts (spread over ten members, one of them referred so the
 * referral share is paid too) sending to `targets` numbers with no wait between sends, on a sandbox
 * that answers at once. Reports sends/s, the engine's CPU per send and how the rate holds up as the
 * list is consumed.
 */
async function blastRun(accounts: number, targets: number, failRate: number, governed = false) {
  const database = await openBenchDatabase();
  const { db } = database;
  await seed(db, { email: 'bench@blaster.local', password: 'bench-password' });
  await db.execute(sql`update settings set interval_min = 0, interval_max = 0, referral_percent = 10`);
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code, referred_by)
    select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i, case when i = 1 then 1 end
    from generate_series(1, ${MEMBERS}) i`);
  await db.execute(sql`insert into whatsapp_accounts (user_id, clientid, phonenumber, pushname, server, serialized, state, status)
    select 2 + (i % ${MEMBERS}), 'id-1700000000000-' || i, '62811' || lpad(i::text, 8, '0'), 'Bench ' || i, 'c.us',
      '62811' || lpad(i::text, 8, '0') || '@c.us', 'connected', 'sending'
    from generate_series(1, ${accounts}) i`);
  await db.execute(sql`insert into phone_numbers (number, name)
    select '62812' || lpad(i::text, 8, '0'), 'Kontak ' || i from generate_series(1, ${targets}) i`);
  await db.execute(sql`insert into message_templates (text, text_wa) values ('Halo {name}', 'Halo {name}')`);
  if (governed) {
    // Every governance rule on, set so that none binds: both caps (a budget taken every round), quiet
    // hours twelve hours away, and auto-pause over the last 50 sends at 100 % failures.
    const hour = (new Date().getUTCHours() + 12) % 24;
    const quiet = `${String(hour).padStart(2, '0')}:00`;
    const quietEnd = `${String(hour).padStart(2, '0')}:01`;
    await db.execute(sql`update settings set sends_per_minute = 100000000, daily_sends_per_account = 100000000,
      quiet_start = ${quiet}, quiet_end = ${quietEnd}, pause_fail_window = 50, pause_fail_percent = 100`);
  }
  await db.execute(sql`analyze`);

  const config = configFromEnv({
    SANDBOX_TIME_SCALE: '0',
    SANDBOX_FAIL_RATE: String(failRate),
    INSTANCE_ID: 'bench',
  });
  const bus = SERVER
    ? await createPostgresBus({ connectionString: database.url!, instanceId: 'bench', db })
    : undefined;
  const ctx = createAppContext({
    db,
    tokens: createTokenService('bench-secret-bench-secret-bench'),
    config,
    bus,
  });

  const settled = async () =>
    Number(
      (
        await queryRows<{ n: string }>(
          db,
          sql`select sum(count_success + count_fail) as n from whatsapp_accounts`,
        )
      )[0]!.n,
    );
  const timeline: { at: number; done: number }[] = [];
  const verbose = process.env.BENCH_VERBOSE === '1';
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let id = 1; id <= accounts; id += 1) ctx.blast.start(id);
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const done = await settled();
    timeline.push({ at: performance.now() - started, done });
    if (verbose && timeline.length % 20 === 0)
      console.error(
        `${accounts} accounts: ${done} settled after ${Math.round(performance.now() - started)} ms`,
      );
    if (done >= targets || Date.now() > deadline) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await ctx.blast.stopAll();
  ctx.leases.stop();
  // Delivery acknowledgements still gathered are written before the database closes.
  await ctx.delivery.stop();
  const done = timeline.at(-1)!.done;

  // The rate while the first fifth of the list went out, and while the last fifth did (from the last
  // reading before 80 % to the end), so a slower engine late in the list shows as a ratio below 1.
  const first = timeline.find((point) => point.done >= 0.2 * targets)!;
  const beforeLast = [...timeline].reverse().find((point) => point.done <= 0.8 * targets) ?? {
    at: 0,
    done: 0,
  };
  const end = timeline.at(-1)!;
  const firstFifth = first.done / first.at;
  const lastFifth = (end.done - beforeLast.done) / (end.at - beforeLast.at);
  const [check] = await queryRows<{ logs: string; paid: string; success: string; users: string }>(
    db,
    sql`select (select count(*) from message_logs) as logs,
      (select count(*) from ledger_entries where kind = 'blast_income') as paid,
      (select count(*) from message_logs where status = 'success') as success,
      (select sum(success_blasts) from users) as users`,
  );
  await bus?.close();
  await database.close();
  return {
    accounts,
    targets,
    failRate,
    governed,
    sent: done,
    seconds: round(seconds),
    sendsPerSecond: Math.round(done / seconds),
    /** This process's CPU (the engine, and the embedded database when there is no server). */
    cpuMsPerSend: round((cpu.user + cpu.system) / 1000 / Math.max(1, done)),
    lastFifthOverFirstFifth: round(lastFifth / firstFifth),
    /** Every success paid once, and the level counter in step with the log. */
    consistent:
      Number(check!.logs) === done &&
      Number(check!.paid) === Number(check!.success) &&
      Number(check!.users) === Number(check!.success),
  };
}

/**
 * The same blast without and with every governance rule on (set so that none binds), back to back so
 * both see the same machine: the rules may cost at most a tenth of the rate.
 */
async function governanceCost() {
  const accounts = 100;
  const targets = Number(process.env.BENCH_GOVERNANCE_TARGETS ?? SHORT_TARGETS * 2);
  const off = await blastRun(accounts, targets, 0);
  const on = await blastRun(accounts, targets, 0, true);
  return {
    accounts,
    targets,
    sendsPerSecondOff: off.sendsPerSecond,
    sendsPerSecondOn: on.sendsPerSecond,
    onOverOff: round(on.sendsPerSecond / off.sendsPerSecond),
    goal: '>= 0.9',
    consistent: off.consistent && on.consistent,
  };
}

export async function blast() {
  if (process.env.BENCH_BLAST_GOVERNANCE_ONLY) return { blastGovernance: await governanceCost() };
  return {
    blastGovernance: await governanceCost(),
    blast: [
      await blastRun(10, SHORT_TARGETS, 0),
      ...(process.env.BENCH_BLAST_ONE
        ? []
        : [await blastRun(100, TARGETS, 0), await blastRun(100, SHORT_TARGETS, 0.1)]),
    ],
  };
}
