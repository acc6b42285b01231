import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Message } from '@blaster/contract';
import type { Db } from '../db';
import { HttpError, unlessTaken } from './errors';

interface UniqueRecordsSpec<Row, Shown> {
  table: PgTable;
  id: PgColumn;
  /** The form field of the value no two records may share (a unique column), and its refusal. */
  unique: { field: string; taken: () => Message };
  notFound: () => Message;
  present: (row: Row) => Shown;
}

/**
 * Save, read, update and delete for a table of records told apart by one unique text column
 * (phone numbers by number, proxies by value): a second record with the same value is refused
 * with the spec's "taken" message on the field it was typed into.
 */
export function uniqueRecords<Row, Shown>(spec: UniqueRecordsSpec<Row, Shown>) {
  const taken = () => {
    const text = spec.unique.taken();
    return new HttpError(400, text, { errors: { [spec.unique.field]: text } });
  };
  const find = async (db: Db, id: number) => {
    const [row] = await db.select().from(spec.table).where(eq(spec.id, id));
    if (!row) throw new HttpError(404, spec.notFound());
    return row as Row;
  };

  return {
    async save(db: Db, values: Record<string, unknown>): Promise<Shown> {
      const [row] = await db
        .insert(spec.table)
        .values(values as never)
        .onConflictDoNothing()
        .returning();
      if (!row) throw taken();
      return spec.present(row as Row);
    },

    find: async (db: Db, id: number): Promise<Shown> => spec.present(await find(db, id)),

    async update(db: Db, id: number, values: Record<string, unknown>): Promise<Shown> {
      await find(db, id);
      // The unique index decides whether another record holds the value, race or no race.
      const [row] = await unlessTaken(
        db
          .update(spec.table)
          .set(values as never)
          .where(eq(spec.id, id))
          .returning(),
        taken,
      );
      return spec.present(row as Row);
    },

    async remove(db: Db, id: number): Promise<void> {
      const [row] = await db.delete(spec.table).where(eq(spec.id, id)).returning();
      if (!row) throw new HttpError(404, spec.notFound());
    },
  };
}
