import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  looksLikeNumber,
  normalizeNumber,
  type PHONE_STATUSES,
  type phoneListQuerySchema,
} from '@blaster/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { phoneNumbers } from '../../db/schema';
import {
  readKeptRows,
  readPage,
  selectColumns,
  type KeptRowsSource,
  type PageRequest,
} from '../../lib/paging';
import { escapeLike } from '../../lib/search';

export type PhoneRecord = typeof phoneNumbers.$inferSelect;
type SliceQuery = z.output<typeof phoneListQuerySchema>;

/** What a page of the list is narrowed to; with neither, the page is the newest numbers. */
export interface PhoneFilter {
  search?: string;
  status?: (typeof PHONE_STATUSES)[number];
}

/**
 * Numbers (or names) starting with the search, read as one prefix range of an index in byte order
 * ("C") and sorted by it, so a search over a million numbers stops after the page.
 */
function searchedBy(search: string) {
  const byNumber = looksLikeNumber(search);
  const key = byNumber
    ? sql`${phoneNumbers.number} collate "C"`
    : sql`lower(${phoneNumbers.name}) collate "C"`;
  const prefix = byNumber ? normalizeNumber(search) : search.toLowerCase();
  return { key, where: sql`${key} like ${`${escapeLike(prefix)}%`}` };
}

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
      const { key, where } = searchedBy(query.search);
      conditions.push(where);
      order = [asc(key), desc(phoneNumbers.id)];
    } else if (query.after) conditions.push(lt(phoneNumbers.id, query.after));
    return db
      .select()
      .from(phoneNumbers)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit);
  },

  /** A page of the list: the kept newest-first pages, or a searched or filtered one. */
  async page(db: Db, request: PageRequest, filter: PhoneFilter = {}) {
    if (!filter.search && !filter.status) return readKeptRows<PhoneRecord>(db, phonePage, request);
    const searched = filter.search ? searchedBy(filter.search) : undefined;
    const { ids, meta } = await readPage(
      db,
      {
        table: phoneNumbers,
        orderBy: searched ? [searched.key] : [],
        direction: searched ? 'asc' : 'desc',
        where: and(searched?.where, filter.status ? eq(phoneNumbers.status, filter.status) : undefined),
      },
      request,
    );
    const found = ids.length ? await db.select().from(phoneNumbers).where(inArray(phoneNumbers.id, ids)) : [];
    const byId = new Map(found.map((row) => [row.id, row]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), meta };
  },
};
