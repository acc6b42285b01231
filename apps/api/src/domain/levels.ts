import { asc, eq, sql } from 'drizzle-orm';
import { splitList } from '@blaster/contract';
import { levels, settings } from '../db/schema';
import type { Executor } from '../ledger/ledger';

export type LevelRow = typeof levels.$inferSelect;

export interface LevelTable {
  /** The level reached with this many successful blasts, and its colour from settings. */
  levelFor(successfulBlasts: number): { level: LevelRow | null; color: string | null };
}

/** Levels ordered by requirement; the i-th level takes the i-th colour of settings (cycling). */
export async function loadLevelTable(db: Executor): Promise<LevelTable> {
  // One statement: every list of members and every settle's fee reads this table.
  const read = await db
    .select({ level: levels, colors: settings.colors })
    .from(settings)
    .leftJoin(levels, sql`true`)
    .where(eq(settings.id, 1))
    .orderBy(asc(levels.requirementBlast), asc(levels.id));
  if (read.length === 0) throw new Error('settings row missing: the database was not seeded');
  const rows = read.flatMap((row) => (row.level ? [row.level] : []));
  const colors = splitList(read[0]!.colors);
  return {
    levelFor(successfulBlasts) {
      let index = -1;
      rows.forEach((row, i) => {
        if (row.requirementBlast <= successfulBlasts) index = i;
      });
      const level = rows[index] ?? null;
      const color = level && colors.length > 0 ? (colors[index % colors.length] ?? null) : null;
      return { level, color };
    },
  };
}

/**
 * The fee a member earns for a successful blast: their own override, else the fee of the level their
 * successful blasts (this one included) reach.
 */
export function blastFee(levelTable: LevelTable, override: number | null, successfulBlasts: number) {
  if (override !== null) return override;
  return levelTable.levelFor(successfulBlasts).level?.blastFee ?? 0;
}
