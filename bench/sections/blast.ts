import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { configFromEnv } from '../../apps/api/src/config';
import { createLocalBus, createPostgresBus } from '../../apps/api/src/cluster/bus';
import { JobLeases } from '../../apps/api/src/cluster/leases';
import { queryRows, type Db } from '../../apps/api/src/db';
import { seed } from '../../apps/api/src/db/seed';
import { isHold } from '../../apps/api/src/domain/governance';
import { BlastConfigCache } from '../../apps/api/src/jobs/blast-config';
import type { Outcome } from '../../apps/api/src/jobs/blast/source';
import { SqlBlastSource } from '../../apps/api/src/jobs/blast/sql-source';
import { createTokenService } from '../../apps/api/src/lib/tokens';
import { createAppContext } from '../../apps/api/src/runtime';
import { openBenchDatabase, round, SERVER } from '../support';

const TARGETS = Number(process.env.BENCH_BLAST_TARGETS ?? 200_000);
const SHORT_TARGETS = Number(process.env.BENCH_BLAST_SHORT_TARGETS ?? 20_000);
const MEMBERS = 10;

/**
 * Webhooks during a run: none; one endpoint subscribed to message.delivery whose receiver is away (the
 * events wait in the database: the blast pays only for queueing them); or the same with the receiver
 * up (this process answers 204) and the dispatcher sending while the blast runs.
 */
type Webhooks = 'off' | 'queued' | 'dispatched';

/** A receiver that takes every request (this process's, so its CPU counts in the run). */
async function startReceiver() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** No wait between sends, and a referral share on every income (so a referred owner's blast pays it). */
export async function blastSettings(db: Db) {
  // No trial batches: the sandbox's recipients opt out and report at their seeded rates, and a template
  // whose quality leaves green is put back on trial, holding every account for half an hour of the
  // network's time after 50 sends. What is measured is the engine sending, not that hold.
  await db.execute(sql`update settings set interval_min = 0, interval_max = 0, referral_percent = 10,
    template_first_batch = 0`);
}

/** Ten members to own a blast's accounts (ids 2 to 11 after the seeded admin), the first one referred. */
export async function addBlastMembers(db: Db) {
  await db.execute(sql`insert into users (firstname, lastname, email, password_hash, referral_code, referred_by)
    select 'Member', 'No ' || i, 'member' || i || '@bench.local', 'x', 'REF' || i, case when i = 1 then 1 end
    from generate_series(1, ${MEMBERS}) i`);
}

/** The accounts of one blast: their ids run from `first` to `last`. */
export interface BlastAccounts {
  first: number;
  last: number;
}

/**
 * `count` connected accounts set to send, spread over the members with ids 2 to 11; numbered from
 * `from` + 1, so a database already holding accounts (ids, client ids and numbers) takes them too.
 */
export async function addBlastAccounts(db: Db, count: number, from = 0): Promise<BlastAccounts> {
  const [ids] = await queryRows<{ first: number; last: number; n: number }>(
    db,
    sql`with added as (
        insert into whatsapp_accounts (user_id, clientid, phonenumber, pushname, server, serialized, state, status)
        select 2 + (i % ${MEMBERS}), 'id-1700000000000-' || i, '62811' || lpad(i::text, 8, '0'), 'Bench ' || i, 'c.us',
          '62811' || lpad(i::text, 8, '0') || '@c.us', 'connected', 'sending'
        from generate_series(${from + 1}::int, ${from + count}::int) i
        returning id)
      select min(id)::int as first, max(id)::int as last, count(*)::int as n from added`,
  );
  // The runs count and start the accounts by their id range: one statement's rows take consecutive ids.
  if (ids!.last - ids!.first + 1 !== ids!.n)
    throw new Error('the blast accounts did not get consecutive ids');
  return { first: ids!.first, last: ids!.last };
}

/** `count` numbers still to send, numbered from `from` + 1 (so a list already holding numbers takes them). */
export async function addBlastTargets(db: Db, count: number, from = 0) {
  await db.execute(sql`insert into phone_numbers (number, name)
    select '62812' || lpad(i::text, 8, '0'), 'Kontak ' || i from generate_series(${from + 1}::int, ${from + count}::int) i`);
}

/**
 * A database for one blast: `accounts` connected accounts spread over ten members (one of them
 * referred, so the referral share is paid too), `targets` numbers and one template, no wait between
 * sends; with `governed`, every governance rule on, set so that none binds.
 */
export async function seedBlast(accounts: number, targets: number, governed: boolean, personal = false) {
  const database = await openBenchDatabase();
  const { db } = database;
  await seed(db, { email: 'bench@blaster.local', password: 'bench-password' });
  await blastSettings(db);
  await addBlastMembers(db);
  await addBlastAccounts(db, accounts);
  if (personal) {
    // Three fields a number, one number in ten without the city (its default is used).
    await db.execute(sql`insert into phone_numbers (number, name, fields)
      select '62812' || lpad(i::text, 8, '0'), 'Kontak ' || i,
        jsonb_strip_nulls(jsonb_build_object('city', case when i % 10 <> 0 then 'Kota ' || (i % 50) end,
          'segment', 'S' || (i % 7), 'since', (2000 + i % 25)::text))
      from generate_series(1, ${targets}) i`);
    await db.execute(sql`insert into number_fields (key) values ('city'), ('segment'), ('since')`);
    // A web address and the opt-out link too: each message gets its own two short links.
    const text =
      'Halo {{name}} dari {{city|Jakarta}}, pelanggan {{segment}} sejak {{since}}. Promo: https://contoh.id/promo Berhenti: {optout}';
    await db.execute(sql`insert into message_templates (text, text_wa) values (${text}, ${text})`);
  } else {
    await addBlastTargets(db, targets);
    await db.execute(
      sql`insert into message_templates (text, text_wa) values ('Halo {name}', 'Halo {name}')`,
    );
  }
  if (governed) {
    // Every governance rule on, set so that none binds: both caps (a budget taken every round), quiet
    // hours twelve hours away, and auto-pause over the last 50 sends at 100 % failures.
    const hour = (new Date().getUTCHours() + 12) % 24;
    const quiet = `${String(hour).padStart(2, '0')}:00`;
    const quietEnd = `${String(hour).padStart(2, '0')}:01`;
    await db.execute(sql`update settings set sends_per_minute = 100000000, daily_sends_per_account = 100000000,
      quiet_start = ${quiet}, quiet_end = ${quietEnd}, pause_fail_window = 50, pause_fail_percent = 100`);
  }
  return database;
}

type BenchDatabase = Awaited<ReturnType<typeof openBenchDatabase>>;

/**
 * An app context of its own for a blast over `database`, as a server instance has: the sandbox network
 * answering at once (time scale 0) and recording every send on disk, as it does under the server
 * (BENCH_SANDBOX_RECORD=0 leaves the record out, to measure what it costs). `stop` ends the loops and
 * writes what is still gathered; `close` lets go of the bus, the network and its record.
 */
export async function blastEngine(
  database: BenchDatabase,
  { failRate = 0, reputation = false }: { failRate?: number; reputation?: boolean } = {},
) {
  const { db } = database;
  const recordDir = mkdtempSync(join(tmpdir(), 'blaster-bench-network-'));
  const config = configFromEnv({
    SANDBOX_TIME_SCALE: '0',
    SANDBOX_FAIL_RATE: String(failRate),
    INSTANCE_ID: 'bench',
    SANDBOX_NETWORK_DIR: process.env.BENCH_SANDBOX_RECORD === '0' ? '' : recordDir,
    // The network's rules for senders, at the tier where they do not bind (unlimited, 1,000 sends a
    // second): what is measured is what keeping the model costs the engine.
    ...(reputation
      ? {
          SANDBOX_REPUTATION: 'on',
          SANDBOX_START_TIER: 'unlimited',
          SANDBOX_BLOCK_RATE: '0',
          SANDBOX_REPORT_RATE: '0',
        }
      : {}),
    // The receiver listens on loopback, which webhooks reach only when the operator allows it.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
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
  return {
    ctx,
    async stop() {
      await ctx.blast.stopAll();
      await ctx.webhooks.stopAll();
      ctx.leases.stop();
      // Delivery acknowledgements still gathered are written before the database closes.
      await ctx.delivery.stop();
    },
    async close() {
      await bus?.close();
      ctx.gateway.close();
      rmSync(recordDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the blasts of `accounts` and waits until `targets` more sends are settled (or 15 minutes
 * pass): the sends, the seconds, this process's CPU per send and when the blasts were started.
 */
export async function sendToTheEnd(
  ctx: ReturnType<typeof createAppContext>,
  database: BenchDatabase,
  accounts: BlastAccounts,
  targets: number,
  onFirstRound: () => void = () => {},
) {
  // On a server the count is read on a connection of its own: through the pool it would wait behind
  // a hundred accounts' rounds and see the end late.
  const probe = SERVER ? new pg.Client({ connectionString: database.url }) : null;
  await probe?.connect();
  const settledSql = `select coalesce(sum(count_success + count_fail), 0) as n from whatsapp_accounts
    where id between ${accounts.first} and ${accounts.last}`;
  const settled = async () =>
    Number(
      probe
        ? (await probe.query<{ n: string }>(settledSql)).rows[0]!.n
        : (await queryRows<{ n: string }>(database.db, sql.raw(settledSql)))[0]!.n,
    );
  const before = await settled();
  const verbose = process.env.BENCH_VERBOSE === '1';
  // The first settled round: before it the loops take their leases and read their accounts, which on
  // a busy machine takes seconds; from it on the blast sends at its steady rate.
  let firstRound: { at: number; sends: number } | undefined;
  const stopHearing = ctx.blast.onRound((round) => {
    if (firstRound) return;
    firstRound = { at: performance.now(), sends: round.results.length };
    onFirstRound();
  });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const startedAt = Date.now();
  for (let id = accounts.first; id <= accounts.last; id += 1) ctx.blast.start(id);
  const deadline = Date.now() + 15 * 60_000;
  let done = 0;
  let readings = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    done = (await settled()) - before;
    readings += 1;
    if (verbose && readings % 20 === 0)
      console.error(`blast: ${done} settled after ${Math.round(performance.now() - started)} ms`);
    if (done >= targets || Date.now() > deadline) break;
  }
  const ended = performance.now();
  const seconds = (ended - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  stopHearing();
  await probe?.end();
  const steadySeconds = firstRound ? (ended - firstRound.at) / 1000 : 0;
  return {
    sent: done,
    seconds: round(seconds),
    sendsPerSecond: Math.round(done / seconds),
    /** Seconds from the start to the first settled round, and the rate from there to the end. */
    firstRoundSeconds: firstRound ? round((firstRound.at - started) / 1000) : null,
    steadySendsPerSecond: firstRound
      ? Math.round((done - firstRound.sends) / Math.max(0.001, steadySeconds))
      : 0,
    /** This process's CPU (the engine, and the embedded database when there is no server). */
    cpuMsPerSend: round((cpu.user + cpu.system) / 1000 / Math.max(1, done)),
    startedAt,
    /** When the first round was settled (ms since the epoch). */
    firstRoundAt: firstRound ? startedAt + (firstRound.at - started) : null,
  };
}

/**
 * One blast run: `accounts` connected accounts (spread over ten members, one of them referred so the
 * referral share is paid too) sending to `targets` numbers with no wait between sends, on a sandbox
 * that answers at once. Reports sends/s, the engine's CPU per send and how the rate holds up as the
 * list is consumed.
 */
async function blastRun(
  accounts: number,
  targets: number,
  failRate: number,
  governed = false,
  webhooks: Webhooks = 'off',
  reputation = false,
  personal = false,
) {
  const database = await seedBlast(accounts, targets, governed, personal);
  const { db } = database;
  const receiver = webhooks === 'dispatched' ? await startReceiver() : null;
  if (webhooks !== 'off')
    await db.execute(sql`insert into webhook_endpoints (url, secret, event_types)
      values (${receiver?.url ?? 'http://127.0.0.1:9/away'}, 'whsec_bench', array['message.delivery'])`);
  await db.execute(sql`analyze`);

  const engine = await blastEngine(database, { failRate, reputation });
  const { ctx } = engine;
  if (webhooks === 'dispatched') await ctx.webhooks.resume();
  const {
    sent: done,
    seconds,
    sendsPerSecond,
    cpuMsPerSend,
    startedAt,
  } = await sendToTheEnd(ctx, database, { first: 1, last: accounts }, targets);
  await engine.stop();
  await receiver?.close();

  // When each tenth of the successful sends had been settled (its log's sent_at), from which the rate
  // per tenth, and the rate over the first fifth (from the start) and over the last fifth, so a slower
  // engine late in the list shows as a ratio below 1. Read from the log, not sampled during the run:
  // on the embedded database at sandbox time scale 0 the engine leaves the event loop no turn, so
  // readings taken during the run would all come at the end.
  const tenths = await queryRows<{ position: number; at: number }>(
    db,
    sql`with counted as (select count(*) as successes from message_logs where sent_at is not null),
      ordered as (select sent_at, row_number() over (order by sent_at, id) as position
        from message_logs where sent_at is not null)
      select ordered.position::int as position, extract(epoch from ordered.sent_at)::float8 * 1000 as at
      from ordered, counted
      where ordered.position in (select floor(k * counted.successes / 10.0) from generate_series(1, 10) k)
      order by ordered.position`,
  );
  const marks = [{ position: 0, at: startedAt }, ...tenths];
  const rateBetween = (from: { position: number; at: number }, to: { position: number; at: number }) =>
    (to.position - from.position) / Math.max(0.001, (to.at - from.at) / 1000);
  const byTenth =
    tenths.length === 10 ? marks.slice(1).map((mark, k) => Math.round(rateBetween(marks[k]!, mark))) : [];
  const ratio =
    tenths.length === 10 ? rateBetween(tenths[7]!, tenths[9]!) / rateBetween(marks[0]!, tenths[1]!) : 0;
  const [check] = await queryRows<{
    logs: string;
    paid: string;
    success: string;
    users: string;
    events: string;
    delivered: string;
  }>(
    db,
    sql`select (select count(*) from message_logs) as logs,
      (select count(*) from webhook_events) as events,
      (select count(*) from webhook_deliveries where delivered_at is not null) as delivered,
      (select count(*) from ledger_entries where kind = 'blast_income') as paid,
      (select count(*) from message_logs where status = 'success') as success,
      (select sum(success_blasts) from users) as users`,
  );
  await engine.close();
  await database.close();
  return {
    accounts,
    targets,
    failRate,
    governed,
    webhooks,
    reputation,
    sent: done,
    seconds,
    sendsPerSecond,
    /** This process's CPU (the engine, and the embedded database when there is no server). */
    cpuMsPerSend,
    lastFifthOverFirstFifth: round(ratio),
    /** Successful sends per second over each tenth of them, the first from the start. */
    sendsPerSecondByTenth: byTenth,
    /** message.delivery events queued, and how many the receiver had accepted by the end. */
    ...(webhooks === 'off'
      ? {}
      : { webhookEvents: Number(check!.events), webhooksDelivered: Number(check!.delivered) }),
    /** Every success paid once, and the level counter in step with the log. */
    consistent:
      Number(check!.logs) === done &&
      Number(check!.paid) === Number(check!.success) &&
      Number(check!.users) === Number(check!.success),
  };
}

/** The engine's largest round (jobs/blast/engine.ts): what it claims once rounds come back fast. */
const FLOOR_ROUND = 64;

/**
 * The floor of a blast: the same seeded database and the same SQL of each round, with nothing else.
 * `accounts` loops run at once, each reading its account, claiming a round of 64 targets (numbers
 * marked in use, pending logs written, budgets taken) and settling it as all sent (logs, income,
 * referral share, counters, template uses), each step in a transaction confirming the account's lease,
 * through the data source the engine uses. No gateway, no pacing, no events, no delivery
 * acknowledgements: the rate the database gives the engine's statements.
 */
async function blastSqlFloor(accounts: number, targets: number) {
  const database = await seedBlast(accounts, targets, false);
  const { db } = database;
  await db.execute(sql`analyze`);
  const leases = new JobLeases(db, 'floor', 60_000);
  for (let id = 1; id <= accounts; id += 1) await leases.acquire('blast', id);
  const source = new SqlBlastSource(db, {
    confirmLease: (tx, accountId) => leases.confirm(tx as unknown as Db, 'blast', accountId),
    timeZone: 'Asia/Jakarta',
    // The template has no links: rendering them would leave its text as it is.
    renderLinks: (text) => text,
  });
  const bus = createLocalBus('floor');
  const config = await new BlastConfigCache(db, bus).get();
  const sent: Outcome['result'] = { ok: true };
  let settled = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: accounts }, async (_, k) => {
      const accountId = k + 1;
      for (;;) {
        const round = await source.readRound(accountId);
        // No pair rate on the floor: every claimed number may be messaged now.
        const claimed = await source.claim(round!.account, FLOOR_ROUND, config, () => 0);
        if (isHold(claimed) || claimed.length === 0) return;
        const outcomes = claimed.map(({ logId, phoneId, templateId }) => ({
          logId,
          phoneId,
          templateId,
          result: sent,
        }));
        await source.settle(accountId, config, outcomes, []);
        settled += outcomes.length;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  leases.stop();
  await bus.close();
  await database.close();
  return {
    accounts,
    targets,
    sent: settled,
    seconds: round(seconds),
    sendsPerSecond: Math.round(settled / seconds),
  };
}

/**
 * One way of running the same blast: governance rules on or off, webhooks off or queued, the
 * network's rules for senders modelled or not.
 */
interface Mode {
  governed: boolean;
  webhooks: Webhooks;
  reputation?: boolean;
  /** Numbers with fields and a template reading them ({{city|Jakarta}}) with a link and the opt-out link: personal, tracked messages. */
  personal?: boolean;
}
const OFF: Mode = { governed: false, webhooks: 'off' };
const GOVERNED: Mode = { governed: true, webhooks: 'off' };
const QUEUED: Mode = { governed: false, webhooks: 'queued' };
const GOVERNED_QUEUED: Mode = { governed: true, webhooks: 'queued' };
const REPUTATION: Mode = { governed: false, webhooks: 'off', reputation: true };
const PERSONAL: Mode = { governed: false, webhooks: 'off', personal: true };

/**
 * The same 100-account blast in each mode, in order and then in reverse (off, governed, queued, ...,
 * queued, governed, off), each mode's rate the mean of its two runs: a host busier at one moment
 * weighs on every mode alike, not on the one that ran then.
 */
async function modeRates(modes: Mode[], targets: number) {
  const runs = new Map<Mode, Awaited<ReturnType<typeof blastRun>>[]>();
  for (const mode of [...modes, ...[...modes].reverse()]) {
    const run = await blastRun(100, targets, 0, mode.governed, mode.webhooks, mode.reputation, mode.personal);
    runs.set(mode, [...(runs.get(mode) ?? []), run]);
  }
  const rate = (mode: Mode) => {
    const done = runs.get(mode) ?? [];
    if (done.length === 0) return 0;
    return Math.round(done.reduce((sum, run) => sum + run.sendsPerSecond, 0) / done.length);
  };
  const consistent = [...runs.values()].flat().every((run) => run.consistent);
  return { rate, runs, consistent };
}

/**
 * The campaign features' cost: every governance rule on (set so that none binds), and one endpoint
 * subscribed to message.delivery whose receiver is away (every event waits in the database: the engine
 * pays only for queueing it). Goals: governed/off >= 0.9 and queued/off >= 0.9. On PostgreSQL also once
 * with the receiver up and the dispatcher sending alongside, and how much of the stream it had sent
 * when the blast ended (the rest follows).
 *
 * On the embedded database at sandbox time scale 0 the engine never waits for anything but promises,
 * so the event loop gets no turn until the blast ends: acknowledgements (and the receiver's requests)
 * arrive after it, and the queued figure there counts only the sent/failed events of the settle.
 */
async function campaignCost() {
  const targets = Number(process.env.BENCH_CAMPAIGN_TARGETS ?? SHORT_TARGETS);
  const governanceOnly = Boolean(process.env.BENCH_BLAST_GOVERNANCE_ONLY);
  const webhooksOnly = Boolean(process.env.BENCH_BLAST_WEBHOOKS_ONLY);
  const modes = governanceOnly
    ? [OFF, GOVERNED]
    : webhooksOnly
      ? [OFF, QUEUED, GOVERNED_QUEUED]
      : [OFF, GOVERNED, QUEUED];
  const { rate, runs, consistent } = await modeRates(modes, targets);
  const dispatched = SERVER && !governanceOnly ? await blastRun(100, targets, 0, false, 'dispatched') : null;
  const off = rate(OFF);
  const governance = {
    accounts: 100,
    targets,
    runsPerMode: 2,
    sendsPerSecondOff: off,
    sendsPerSecondOn: rate(GOVERNED),
    onOverOff: round(rate(GOVERNED) / off),
    goal: '>= 0.9',
    consistent,
  };
  const queued = runs.get(QUEUED)?.[0];
  const webhooks = {
    accounts: 100,
    targets,
    runsPerMode: 2,
    sendsPerSecondOff: off,
    sendsPerSecondQueued: rate(QUEUED),
    queuedOverOff: round(rate(QUEUED) / off),
    /** Every governance rule on as well, the campaign features all at once (BENCH_BLAST_WEBHOOKS_ONLY). */
    ...(webhooksOnly
      ? {
          sendsPerSecondGovernedQueued: rate(GOVERNED_QUEUED),
          governedQueuedOverOff: round(rate(GOVERNED_QUEUED) / off),
        }
      : {}),
    goal: 'queuedOverOff >= 0.9',
    /** Events queued per send: sent or failed, then delivered, read and opted out as they came. */
    eventsPerSend: queued ? round(queued.webhookEvents! / Math.max(1, queued.sent)) : 0,
    ...(dispatched
      ? {
          sendsPerSecondDispatched: dispatched.sendsPerSecond,
          dispatchedOverOff: round(dispatched.sendsPerSecond / off),
          /** Share of the events the receiver had accepted when the blast ended. */
          dispatchedByEnd: round(dispatched.webhooksDelivered! / Math.max(1, dispatched.webhookEvents!)),
        }
      : {}),
    consistent: consistent && (dispatched?.consistent ?? true),
  };
  if (governanceOnly) return { blastGovernance: governance };
  if (webhooksOnly) return { blastWebhooks: webhooks };
  return { blastGovernance: governance, blastWebhooks: webhooks };
}

/**
 * What the sandbox's model of the network's rules for senders costs the engine: the same 100-account
 * blast with the model off and on (every sender at the unlimited tier, so nothing holds). Goal: on/off
 * >= 0.9, since the engine reads each sender's standing in memory and adds no statement per send.
 */
async function reputationCost() {
  const targets = Number(process.env.BENCH_CAMPAIGN_TARGETS ?? SHORT_TARGETS);
  const { rate, consistent } = await modeRates([OFF, REPUTATION], targets);
  const off = rate(OFF);
  return {
    accounts: 100,
    targets,
    runsPerMode: 2,
    sendsPerSecondOff: off,
    sendsPerSecondOn: rate(REPUTATION),
    onOverOff: round(rate(REPUTATION) / off),
    goal: '>= 0.9',
    consistent,
  };
}

/**
 * What personal messages cost the engine: the same 100-account blast to numbers without fields and a
 * template of `{name}`, then to numbers with three fields each and a template reading them, a web
 * address and the opt-out link (the claim reads the fields, each text gets its own signed short links
 * and is rendered in the round's batch; the sandbox's recipients click at its seeded rate). Goal:
 * on/off >= 0.9.
 */
async function personalisationCost() {
  const targets = Number(process.env.BENCH_CAMPAIGN_TARGETS ?? SHORT_TARGETS);
  const { rate, consistent } = await modeRates([OFF, PERSONAL], targets);
  const off = rate(OFF);
  return {
    accounts: 100,
    targets,
    runsPerMode: 2,
    sendsPerSecondOff: off,
    sendsPerSecondOn: rate(PERSONAL),
    onOverOff: round(rate(PERSONAL) / off),
    goal: '>= 0.9',
    consistent,
  };
}

export async function blast() {
  if (process.env.BENCH_BLAST_REPUTATION_ONLY) return { blastReputation: await reputationCost() };
  if (process.env.BENCH_BLAST_PERSONAL_ONLY) return { blastPersonal: await personalisationCost() };
  // BENCH_BLAST_FLOOR_ONLY=1: only the 100-account run of the full list and its SQL floor.
  const floorOnly = Boolean(process.env.BENCH_BLAST_FLOOR_ONLY);
  const campaign = floorOnly ? {} : await campaignCost();
  if (process.env.BENCH_BLAST_GOVERNANCE_ONLY || process.env.BENCH_BLAST_WEBHOOKS_ONLY) return campaign;
  const runs = floorOnly
    ? [await blastRun(100, TARGETS, 0)]
    : [
        await blastRun(10, SHORT_TARGETS, 0),
        ...(process.env.BENCH_BLAST_ONE
          ? []
          : [await blastRun(100, TARGETS, 0), await blastRun(100, SHORT_TARGETS, 0.1)]),
      ];
  // The floor for the run of the full list by 100 accounts (or, with BENCH_BLAST_ONE, the 10 accounts').
  const measured = runs.find((run) => run.accounts === 100 && run.failRate === 0) ?? runs[0]!;
  const floor = await blastSqlFloor(measured.accounts, measured.targets);
  return {
    ...campaign,
    ...(floorOnly ? {} : { blastReputation: await reputationCost() }),
    blast: runs,
    blastAgainstSqlFloor: {
      accounts: measured.accounts,
      targets: measured.targets,
      sendsPerSecond: measured.sendsPerSecond,
      sqlFloorSendsPerSecond: floor.sendsPerSecond,
      sqlFloor: floor,
      shareOfFloor: round(measured.sendsPerSecond / Math.max(1, floor.sendsPerSecond)),
      goal: '>= 0.6',
    },
  };
}
