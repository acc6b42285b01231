/**
 * The year section's blast: the same 100-account blast with the year behind it and on an empty
 * database set up alike (the same settings, templates and webhook endpoints, ten members owning the
 * accounts), in turn: empty, year, year, empty. The year's mean rate over the empty's (goal >= 0.9).
 */
import { sql } from 'drizzle-orm';
import { seed } from '../../apps/api/src/db/seed';
import type { openBenchDatabase } from '../support';
import { round } from '../support';
import {
  addBlastAccounts,
  addBlastMembers,
  addBlastTargets,
  blastEngine,
  blastSettings,
  sendToTheEnd,
  type BlastAccounts,
} from './blast';
import { yearConfiguration } from './year-configuration';

type BenchDatabase = Awaited<ReturnType<typeof openBenchDatabase>>;

const TARGETS = Number(process.env.BENCH_YEAR_BLAST_TARGETS ?? 20_000);
const ACCOUNTS = 100;
/** Account and number ids of the blasts start above the year's. */
const ACCOUNTS_FROM = 1_000_000;
const TARGETS_FROM = 10_000_000;

/** One blast of TARGETS fresh numbers by `accounts`, the `run`-th on this database. */
async function blastOnce(database: BenchDatabase, accounts: BlastAccounts, run: number) {
  const { db } = database;
  await addBlastTargets(db, TARGETS, TARGETS_FROM + run * 1_000_000);
  await db.execute(sql`update whatsapp_accounts set status = 'sending'
    where id between ${accounts.first} and ${accounts.last}`);
  // What autovacuum does soon after a list grows: the claim's plan sees the new numbers.
  await db.execute(sql`analyze phone_numbers`);
  await db.execute(sql`analyze whatsapp_accounts`);
  const engine = await blastEngine(database);
  const sent = await sendToTheEnd(engine.ctx, database, accounts, TARGETS);
  await engine.stop();
  await engine.close();
  const { startedAt: _startedAt, ...figures } = sent;
  return figures;
}

/** The blast on a database of its own with nothing in it but what the blast needs. */
async function onEmptyDatabase(open: () => Promise<BenchDatabase>) {
  const database = await open();
  const { db } = database;
  await seed(db, { email: 'bench@blaster.local', password: 'bench-password' });
  await yearConfiguration(db);
  await blastSettings(db);
  await addBlastMembers(db);
  const accounts = await addBlastAccounts(db, ACCOUNTS, ACCOUNTS_FROM);
  try {
    return await blastOnce(database, accounts, 0);
  } finally {
    await database.close();
  }
}

/**
 * `year` is the seeded year (its members 2 to 11 own the blast's accounts); `openEmpty` opens an
 * empty database of the same kind (a folder when embedded, a scratch database on a server).
 */
export async function blastWithTheYear(year: BenchDatabase, openEmpty: () => Promise<BenchDatabase>) {
  await blastSettings(year.db);
  const accounts = await addBlastAccounts(year.db, ACCOUNTS, ACCOUNTS_FROM);
  const empty = [await onEmptyDatabase(openEmpty)];
  const withYear = [await blastOnce(year, accounts, 0), await blastOnce(year, accounts, 1)];
  empty.push(await onEmptyDatabase(openEmpty));
  const mean = (runs: { sendsPerSecond: number }[]) =>
    runs.reduce((sum, run) => sum + run.sendsPerSecond, 0) / runs.length;
  return {
    accounts: ACCOUNTS,
    targets: TARGETS,
    empty,
    withYear,
    sendsPerSecondEmpty: Math.round(mean(empty)),
    sendsPerSecondWithYear: Math.round(mean(withYear)),
    withYearOverEmpty: round(mean(withYear) / mean(empty)),
    goal: '>= 0.9',
  };
}
