import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { ledgerEntries, ledgerHourly, type LedgerKind } from '../db/schema';

/** Start of the current calendar day in the given zone, as a timestamptz expression. */
export const startOfToday = (timeZone: string): SQL =>
  sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;

/** Sum of a user's ledger amounts (all users when userId is null), optionally by kind and since a time. */
export async function ledgerSum(
  db: Db,
  options: { userId: number | null; kinds?: readonly LedgerKind[]; since?: SQL },
): Promise<number> {
  if (options.userId === null && !options.since) return platformLedgerSum(db, options.kinds);
  const conditions: SQL[] = [];
  if (options.userId !== null) conditions.push(eq(ledgerEntries.userId, options.userId));
  if (options.kinds) conditions.push(inArray(ledgerEntries.kind, [...options.kinds]));
  if (options.since) conditions.push(gte(ledgerEntries.createdAt, options.since));
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(conditions.length ? and(...conditions) : undefined);
  return Number(row?.total ?? 0);
}

/**
 * The whole platform's sum since the ledger began, from the hourly sums (ledger_hourly), which the
 * insert trigger keeps equal to the ledger, never pruned.
 */
async function platformLedgerSum(db: Db, kinds?: readonly LedgerKind[]) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerHourly.amount}), 0)` })
    .from(ledgerHourly)
    .where(kinds ? inArray(ledgerHourly.kind, [...kinds]) : undefined);
  return Number(row?.total ?? 0);
}
