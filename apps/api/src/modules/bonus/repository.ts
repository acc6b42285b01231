import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { bonuses, users } from '../../db/schema';
import { readPage, type PageRequest } from '../../lib/paging';

export type BonusRecord = typeof bonuses.$inferSelect;

/** The bonuses table: every statement the bonus module runs (giving and taking back go through the ledger). */
export const bonusRepository = {
  async userExists(db: Db, id: number): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return Boolean(row);
  },

  /** A page of bonuses, newest first, each with its member's name; `owner` null means everyone's. */
  async page(db: Db, owner: number | null, request: PageRequest) {
    const { ids, meta } = await readPage(
      db,
      {
        table: bonuses,
        orderBy: [bonuses.createdAt],
        direction: 'desc',
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
          .orderBy(desc(bonuses.createdAt), desc(bonuses.id))
      : [];
    return { rows, meta };
  },
};
