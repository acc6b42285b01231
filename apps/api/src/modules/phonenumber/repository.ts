import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { looksLikeNumber, normalizeNumber, type phoneListQuerySchema } from '@blaster/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { phoneNumbers } from '../../db/schema';
import { readKeptRows, selectColumns, type KeptRowsSource, type PageRequest } from '../../lib/paging';
import { escapeLike } from '../../lib/search';

export type PhoneRecord = typeof phoneNumbers.$inferSelect;
type SliceQuery = z.output<typeof phoneListQuerySchema>;

const phonePage: KeptRowsSource = {
  list: 'phone_numbers',
  table: phoneNumbers,
  select: selectColumns(phoneNumbers, 'row'),
};

/** The phone_numbers table: every statement the phone-number module runs. */
export const phoneRepository = {
  async countBlast(db: Db) {
    const [row] = await db
      .select({
        blasted: sql<string>`count(*) filter (where ${phoneNumbers.lastSent} is not null)`,
        unBlasted: sql<string>`count(*) filter (where ${phoneNumbers.lastSent} is null)`,
      })
      .from(phoneNumbers);
    return { blasted: Number(row?.blasted ?? 0), unBlasted: Number(row?.unBlasted ?? 0) };
  },

  /** A slice of the list: newest first, or the numbers (or names) starting with the search. */
  slice(db: Db, query: SliceQuery): Promise<PhoneRecord[]> {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(phoneNumbers.status, query.status));
    // A search reads one prefix range of an index in byte order ("C"), so it stops after `limit`.
    let order: SQL[] = [desc(phoneNumbers.id)];
    if (query.search) {
      const byNumber = looksLikeNumber(query.search);
      const key = byNumber
        ? sql`${phoneNumbers.number} collate "C"`
        : sql`lower(${phoneNumbers.name}) collate "C"`;
      const prefix = byNumber ? normalizeNumber(query.search) : query.search.toLowerCase();
      conditions.push(sql`${key} like ${`${escapeLike(prefix)}%`}`);
      order = [asc(key), desc(phoneNumbers.id)];
    } else if (query.after) conditions.push(lt(phoneNumbers.id, query.after));
    return db
      .select()
      .from(phoneNumbers)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit);
  },

  page: (db: Db, request: PageRequest) => readKeptRows<PhoneRecord>(db, phonePage, request),
};
