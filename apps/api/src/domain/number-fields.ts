import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { numberFields } from '../db/schema';

type Executor = Pick<Db, 'select' | 'execute'>;

/**
 * The registry of field keys (`number_fields`), shared by the phone-number forms, the import and the
 * template check: what "the fields that exist" means is one read of a small table, never a scan of
 * the numbers.
 */
export const fieldRegistry = {
  /** Every known key, in order. */
  async keys(db: Executor): Promise<string[]> {
    const rows = await db.select({ key: numberFields.key }).from(numberFields).orderBy(asc(numberFields.key));
    return rows.map((row) => row.key);
  },

  /** Records keys a number now carries; known ones are left as they are, in one statement. */
  async register(db: Executor, keys: Iterable<string>) {
    const list = [...new Set(keys)];
    if (list.length === 0) return;
    await db.execute(
      sql`insert into ${numberFields} (key)
          select unnest(${sql.param(list)}::text[]) order by 1
          on conflict (key) do nothing`,
    );
  },
};
