import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { SegmentFilter, Setting } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { numberFields, phoneNumbers, segments } from '../../db/schema';
import { segmentWhere } from '../../domain/segment-filter';
import { claimablePhones } from '../../jobs/claimable';

export type SegmentRecord = typeof segments.$inferSelect;

/** The segments table, and the counts of the numbers a filter holds: every statement of the module. */
export const segmentRepository = {
  list: (db: Db) =>
    db
      .select()
      .from(segments)
      .orderBy(asc(sql`lower(${segments.name})`), asc(segments.id)),

  /** The segment by id; `lock` holds it until the transaction ends (an edit reads what it changes). */
  async find(db: Db, id: number, { lock = false } = {}) {
    const query = db.select().from(segments).where(eq(segments.id, id));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  },

  async insert(db: Db, values: { name: string; filter: SegmentFilter; createdBy: number }) {
    const [row] = await db.insert(segments).values(values).returning();
    return row!;
  },

  async update(db: Db, id: number, values: { name: string; filter: SegmentFilter }) {
    const [row] = await db
      .update(segments)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(segments.id, id))
      .returning();
    return row;
  },

  /** Deletes the segment; answers the row as it was, or undefined when there was none. */
  async remove(db: Db, id: number) {
    const [gone] = await db.delete(segments).where(eq(segments.id, id)).returning();
    return gone;
  },

  /** Which of the keys are registered field keys (number_fields), in one read of that small table. */
  async knownFieldKeys(db: Db, keys: string[]) {
    if (keys.length === 0) return new Set<string>();
    const rows = await db
      .select({ key: numberFields.key })
      .from(numberFields)
      .where(inArray(numberFields.key, keys));
    return new Set(rows.map((row) => row.key));
  },

  /**
   * The numbers a filter holds, and those of them a blast could claim now: the filter ANDed with the
   * claim's own predicate, as the claim writes it.
   */
  async count(db: Db, filter: SegmentFilter, settings: Pick<Setting, 'require_consent'>) {
    const [row] = await queryRows<{ total: number | string; claimable: number | string }>(
      db,
      sql`select count(*) as total, count(*) filter (where ${claimablePhones(settings)}) as claimable
          from ${phoneNumbers} where ${segmentWhere(filter)}`,
    );
    return { total: Number(row?.total ?? 0), claimable: Number(row?.claimable ?? 0) };
  },
};
