import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import type { Executor } from '../../ledger/ledger';
import { levels } from '../../db/schema';

export type LevelRecord = typeof levels.$inferSelect;
export type LevelValues = Pick<LevelRecord, 'name' | 'blastFee' | 'requirementBlast'>;

/** The levels table: every statement the level module runs. */
export const levelRepository = {
  inRequirementOrder: (db: Db) =>
    db.select().from(levels).orderBy(asc(levels.requirementBlast), asc(levels.id)),

  async count(db: Db): Promise<number> {
    const [row] = await db.select({ total: count() }).from(levels);
    return row?.total ?? 0;
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
