import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db';
import { firstWholeHourFrom, utcHourOf } from '../db/rollups';
import { platformSums } from '../db/platform-sums';
import { LEDGER_KINDS, ledgerEntries, ledgerHourly, type LedgerKind } from '../db/schema';

/** Start of the current calendar day in the given zone, as a timestamptz expression. */
export const startOfToday = (timeZone: string): SQL =>
  sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;

/** Sum of a user's ledger amounts (all users when userId is null), optionally by kind and since a time. */
export async function ledgerSum(
  db: Db,
  options: { userId: number | null; kinds?: readonly LedgerKind[]; since?: SQL },
): Promise<number> {
  if (options.since) return ledgerSumSince(db, { ...options, since: options.since });
  if (options.userId === null) return platformLedgerSum(db, options.kinds);
  const conditions: SQL[] = [eq(ledgerEntries.userId, options.userId)];
  if (options.kinds) conditions.push(inArray(ledgerEntries.kind, [...options.kinds]));
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

/** The platform sums' columns of the given ledger kinds, added. */
const kindsTotal = (kinds: readonly LedgerKind[]) =>
  sql.join(
    kinds.map((kind) => sql.identifier(kind)),
    sql` + `,
  );

/**
 * The whole platform's sum since the ledger began, from its hourly sums (platform_hourly), which the
 * insert trigger keeps equal to the ledger, never pruned: a row an hour.
 */
async function platformLedgerSum(db: Db, kinds: readonly LedgerKind[] = LEDGER_KINDS) {
  const [row] = await queryRows<{ total: string | number }>(
    db,
    sql`select coalesce(sum(${kindsTotal(kinds)}), 0) as total from ${platformSums} p`,
  );
  return Number(row?.total ?? 0);
}

/**
 * A sum since a time, from the hourly sums (ledger_hourly, or platform_hourly for everyone's) for every
 * whole hour after it, and from
 * the ledger itself only for the part of an hour before the first whole one: none when the time is on
 * the hour, as the start of a day is in every zone whose offset is whole hours. Today's income is then
 * a day's hourly sums, not a scan of every entry ever made.
 */
async function ledgerSumSince(
  db: Db,
  options: { userId: number | null; kinds?: readonly LedgerKind[]; since: SQL },
) {
  const hour = utcHourOf(options.since);
  const firstWholeHour = firstWholeHourFrom(options.since);
  let wholeHours: SQL;
  if (options.userId === null) {
    wholeHours = sql`select sum(${kindsTotal(options.kinds ?? LEDGER_KINDS)}) from ${platformSums} p
      where p.hour >= ${firstWholeHour}`;
  } else {
    const sums: SQL[] = [
      sql`${ledgerHourly.hour} >= ${firstWholeHour}`,
      eq(ledgerHourly.userId, options.userId),
    ];
    if (options.kinds) sums.push(inArray(ledgerHourly.kind, [...options.kinds]));
    wholeHours = sql`select sum(${ledgerHourly.amount}) from ${ledgerHourly} where ${and(...sums)}`;
  }
  const entries: SQL[] = [
    gte(ledgerEntries.createdAt, options.since),
    sql`${ledgerEntries.createdAt} < ${firstWholeHour}`,
  ];
  if (options.userId !== null) entries.push(eq(ledgerEntries.userId, options.userId));
  if (options.kinds) entries.push(inArray(ledgerEntries.kind, [...options.kinds]));
  const [row] = await queryRows<{ total: string | number }>(
    db,
    sql`select coalesce((${wholeHours}), 0)
      + case when ${hour} = (${options.since}) then 0
          else coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries} where ${and(...entries)}), 0)
        end as total`,
  );
  return Number(row?.total ?? 0);
}
