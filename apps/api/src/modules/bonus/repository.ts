import { and, eq, inArray, or } from 'drizzle-orm';
import type { MONEY_SORT_KEYS, SortDirection } from '@blaster/contract';
import type { Db } from '../../db';
import { bonuses, users } from '../../db/schema';
import { inPageOrder, readPage, sortedOrNewest, type PageRequest } from '../../lib/paging';
import { containsText, personMatches } from '../../lib/search';

export type BonusRecord = typeof bonuses.$inferSelect;

/** A sort the bonus list offers, and its direction; without one, newest first. */
export interface MoneySort {
  sort?: (typeof MONEY_SORT_KEYS)[number];
  dir?: SortDirection;
}
/**
 * What a bonus list searches: the reason, and for operators, who see everyone's bonuses, the member's
 * name and e-mail too.
 */
export interface BonusSearch {
  search?: string;
  byMember?: boolean;
}

const bonusMatches = (text: string, byMember: boolean | undefined) => {
  const reason = containsText(text, [bonuses.reason]);
  return byMember ? or(reason, personMatches(text)) : reason;
};

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
   * means everyone's. A search never widens the rows past the owner's.
   */
  async page(db: Db, owner: number | null, request: PageRequest & MoneySort & BonusSearch) {
    const { search, byMember } = request;
    const { ids, meta } = await readPage(
      db,
      {
        table: bonuses,
        // Only a search of the member's columns joins them; the sort stays on the bonus's index.
        ids:
          search && byMember
            ? () =>
                db
                  .select({ id: bonuses.id })
                  .from(bonuses)
                  .innerJoin(users, eq(users.id, bonuses.userId))
                  .$dynamic()
            : undefined,
        ...sortedOrNewest(request.sort && bonusSortKeys[request.sort], request.dir, bonuses.createdAt),
        where: and(
          owner === null ? undefined : eq(bonuses.userId, owner),
          search ? bonusMatches(search, byMember) : undefined,
        ),
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
