import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  looksLikeNumber,
  normalizeNumber,
  type PHONE_SORT_KEYS,
  type PHONE_STATUSES,
  type SortDirection,
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

type SortKey = (typeof PHONE_SORT_KEYS)[number];

/**
 * What a page of the list is narrowed to and how it is sorted; with none of it, the page is the
 * newest numbers.
 */
export interface PhoneFilter {
  search?: string;
  status?: (typeof PHONE_STATUSES)[number];
  sort?: SortKey;
  dir?: SortDirection;
}

/** Each sort key as the expression its index holds, in byte order ("C"). */
const sortKeys: Record<SortKey, SQL> = {
  number: sql`${phoneNumbers.number} collate "C"`,
  name: sql`lower(${phoneNumbers.name}) collate "C"`,
};

/**
 * Numbers (or names) starting with the search, read as one prefix range of an index in byte order
 * ("C") and sorted by it, so a search over a million numbers stops after the page.
 */
function searchedBy(search: string) {
  const by: SortKey = looksLikeNumber(search) ? 'number' : 'name';
  const key = sortKeys[by];
  const prefix = by === 'number' ? normalizeNumber(search) : search.toLowerCase();
  return { by, key, where: sql`${key} like ${`${escapeLike(prefix)}%`}` };
}

/**
 * The page's order: a search reads its own index range in order, so it sorts by what it searched (in
 * the direction asked when the sort names that key; another key would sort the whole range); else the
 * key asked for, or newest first.
 */
function orderOf(filter: PhoneFilter, searched: ReturnType<typeof searchedBy> | undefined) {
  if (searched)
    return {
      orderBy: [searched.key],
      direction: filter.sort === searched.by ? (filter.dir ?? 'asc') : 'asc',
    };
  if (filter.sort) return { orderBy: [sortKeys[filter.sort]], direction: filter.dir ?? 'asc' };
  return { orderBy: [], direction: 'desc' as const };
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

  /** A page of the list: the kept newest-first pages, or a searched, filtered or sorted one. */
  async page(db: Db, request: PageRequest, filter: PhoneFilter = {}) {
    if (!filter.search && !filter.status && !filter.sort)
      return readKeptRows<PhoneRecord>(db, phonePage, request);
    const searched = filter.search ? searchedBy(filter.search) : undefined;
    const { ids, meta } = await readPage(
      db,
      {
        table: phoneNumbers,
        kept: 'phone_numbers',
        ...orderOf(filter, searched),
        where: and(searched?.where, filter.status ? eq(phoneNumbers.status, filter.status) : undefined),
      },
      request,
    );
    const found = ids.length ? await db.select().from(phoneNumbers).where(inArray(phoneNumbers.id, ids)) : [];
    const byId = new Map(found.map((row) => [row.id, row]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), meta };
  },
};
