import { asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { SUPPRESSION_SORT_KEYS, SortDirection } from '@blaster/contract';
import type { Db } from '../../db';
import { suppressions } from '../../db/schema';
import type { Executor } from '../../ledger/ledger';
import { pageOffset } from '../../lib/paging';
import { escapeLike } from '../../lib/search';

export type SuppressionRecord = typeof suppressions.$inferSelect;
export type NewSuppression = typeof suppressions.$inferInsert;

/** The suppression list's sorts: the numbers that start with `prefix`, in the sort asked. */
export interface SuppressionFilter {
  prefix: string | null;
  sort?: (typeof SUPPRESSION_SORT_KEYS)[number];
  dir?: SortDirection;
}

/** Each sort key with the number after it, as its index holds them (the number's is the primary key). */
const suppressionSortKeys = {
  number: [suppressions.number],
  reason: [suppressions.reason, suppressions.number],
  created: [suppressions.createdAt, suppressions.number],
};

/** The suppression list's table: every statement the module runs. */
export const suppressionRepository = {
  /** One page, newest first unless a sort is asked; `prefix` keeps the numbers that start with it. */
  async page(db: Db, { prefix, sort, dir }: SuppressionFilter, page: number, size: number) {
    const where = prefix ? sql`${suppressions.number} like ${`${escapeLike(prefix)}%`}` : undefined;
    const order = sort ? (dir === 'desc' ? desc : asc) : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(suppressions)
        .where(where)
        .orderBy(...suppressionSortKeys[sort ?? 'created'].map((key) => order(key)))
        .limit(size)
        .offset(pageOffset(page, size)),
      db.select({ n: count() }).from(suppressions).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Up to `limit` rows in number order, after the number `after` (from the start when null). */
  slice: (db: Db, after: string | null, limit: number) =>
    db
      .select()
      .from(suppressions)
      .where(after === null ? undefined : gt(suppressions.number, after))
      .orderBy(asc(suppressions.number))
      .limit(limit),

  /** Adds a row; undefined when the number was already on the list. */
  async insert(executor: Executor, values: NewSuppression): Promise<SuppressionRecord | undefined> {
    const [row] = await executor.insert(suppressions).values(values).onConflictDoNothing().returning();
    return row;
  },

  async delete(executor: Executor, number: string): Promise<SuppressionRecord | undefined> {
    const [row] = await executor.delete(suppressions).where(eq(suppressions.number, number)).returning();
    return row;
  },

  /** Deletes the rows of these numbers in one statement; answers the rows deleted. */
  deleteMany: (executor: Executor, numbers: string[]): Promise<SuppressionRecord[]> =>
    executor.delete(suppressions).where(inArray(suppressions.number, numbers)).returning(),
};
