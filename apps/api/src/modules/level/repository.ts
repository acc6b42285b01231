import { asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { LEVEL_SORT_KEYS, SortDirection } from '@blaster/contract';
import type { Db } from '../../db';
import type { Executor } from '../../ledger/ledger';
import { levels } from '../../db/schema';
import { pageOffset } from '../../lib/paging';
import { containsText } from '../../lib/search';

export type LevelRecord = typeof levels.$inferSelect;
export type LevelValues = Pick<LevelRecord, 'name' | 'blastFee' | 'requirementBlast'>;

/** The level list's search over names, and its sort (requirement order when none is asked). */
export interface LevelFilter {
  search?: string;
  sort?: (typeof LEVEL_SORT_KEYS)[number];
  dir?: SortDirection;
}

/** The levels table: every statement the level module runs. */
export const levelRepository = {
  inRequirementOrder: (db: Db) =>
    db.select().from(levels).orderBy(asc(levels.requirementBlast), asc(levels.id)),

  /**
   * A page of levels and how many match, each with its place in requirement order (which picks its
   * colour, whatever the page's order). Levels are few: read without an index.
   */
  async page(db: Db, filter: LevelFilter, page: number, size: number) {
    const ranked = db
      .select({
        ...getTableColumns(levels),
        position:
          sql<number>`(row_number() over (order by ${levels.requirementBlast}, ${levels.id}) - 1)::int`.as(
            'position',
          ),
      })
      .from(levels)
      .as('ranked');
    const where = filter.search ? containsText(filter.search, [ranked.name]) : undefined;
    const order = filter.dir === 'desc' ? desc : asc;
    const sortKey = {
      name: sql`lower(${ranked.name}) collate "C"`,
      blast_fee: ranked.blastFee,
      requirement_blast: ranked.requirementBlast,
    };
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(ranked)
        .where(where)
        .orderBy(
          ...(filter.sort
            ? [order(sortKey[filter.sort]), order(ranked.id)]
            : [asc(ranked.requirementBlast), asc(ranked.id)]),
        )
        .limit(size)
        .offset(pageOffset(page, size)),
      db.select({ n: count() }).from(ranked).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async insert(executor: Executor, values: LevelValues): Promise<LevelRecord> {
    const [row] = await executor.insert(levels).values(values).returning();
    return row!;
  },

  async lockForUpdate(executor: Executor, id: number): Promise<LevelRecord | undefined> {
    const [row] = await executor.select().from(levels).where(eq(levels.id, id)).for('update');
    return row;
  },

  async update(executor: Executor, id: number, values: LevelValues): Promise<LevelRecord> {
    const [row] = await executor.update(levels).set(values).where(eq(levels.id, id)).returning();
    return row!;
  },

  async delete(executor: Executor, id: number): Promise<LevelRecord | undefined> {
    const [row] = await executor.delete(levels).where(eq(levels.id, id)).returning();
    return row;
  },
};
