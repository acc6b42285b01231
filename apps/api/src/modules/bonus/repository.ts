import { eq, inArray } from 'drizzle-orm';
import type { MONEY_SORT_KEYS, SortDirection } from '@blaster/contract';
import type { Db } from '../../db';
import { bonuses, users } from '../../db/schema';
import { inPageOrder, readPage, sortedOrNewest, type PageRequest } from '../../lib/paging';

export type BonusRecord = typeof bonuses.$inferSelect;

/** A sort the bonus list offers, and its direction; without one, newest first. */
export interface MoneySort {
  sort?: (typeof MONEY_SORT_KEYS)[number];
  dir?: SortDirection;
}
/** Each sort key's column, on its index (migration 0021). */
const bonusSortKeys = { nominal: bonuses.nominal, created: bonuses.createdAt };

/** The bonuses table: every statement the bonus module runs (giving and taking back go through the ledger). */
export const bonusRepository = {
  async userExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return Boolean(row);
  },

  /**
   * A page of bonuses, newest first or in the sort asked, each with its member's name; `owner` null
   * means everyone's.
   */
  async page(db: Db, owner: number | null, request: PageRequest & MoneySort) {
    const { ids, meta } = await readPage(
      db,
      {
        table: bonuses,
        ...sortedOrNewest(request.sort && bonusSortKeys[request.sort], request.dir, bonuses.createdAt),
        where: owner === null ? undefined : eq(bonuses.userId, owner),
      },
      request,
    );
    const rows = ids.length
      ? await db
          .select({ bonus: bonuses, firstname: users.firstname, lastname: users.lastname })
          .from(bonuses)
          .innerJoin(users, eq(users.id, bonuses.userId))
          .where(inArray(bonuses.id, ids))
      : [];
    return { rows: inPageOrder(ids, rows, (row) => row.bonus.id), meta };
  },
};
