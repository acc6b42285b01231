import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PROXY_SORT_KEYS, SortDirection } from '@blaster/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { proxies } from '../../db/schema';
import { inPageOrder, readPage, type PageRequest } from '../../lib/paging';
import { containsText } from '../../lib/search';

/** What the proxy list is narrowed to, and the sort asked. */
export interface ProxyFilter {
  status?: string;
  search?: string;
  sort?: (typeof PROXY_SORT_KEYS)[number];
  dir?: SortDirection;
}

/** Each sort key as its index holds it (migrations 0021 and 0022). */
const proxySortKeys: Record<NonNullable<ProxyFilter['sort']>, AnyPgColumn | SQL> = {
  value: sql`lower(${proxies.value}) collate "C"`,
  status: proxies.status,
  created: proxies.createdAt,
};

function proxyConditions(filter: ProxyFilter): SQL | undefined {
  return and(
    filter.status ? eq(proxies.status, filter.status) : undefined,
    // The value holds the host, the port and the user name, as the list shows it.
    filter.search ? containsText(filter.search, [proxies.value]) : undefined,
  );
}

/** The proxies table: every statement the proxy module runs. */
export const proxyRepository = {
  async countUse(db: Db) {
    const [row] = await db
      .select({
        unUsed: sql<string>`count(*) filter (where ${proxies.countUse} = 0)`,
        used: sql<string>`count(*) filter (where ${proxies.countUse} > 0)`,
      })
      .from(proxies);
    return { unUsed: Number(row?.unUsed ?? 0), used: Number(row?.used ?? 0) };
  },

  oldestFirst: (db: Db) => db.select().from(proxies).orderBy(asc(proxies.id)),

  /**
   * A page of proxies, newest first unless a sort is asked, of one status and matching the search
   * when asked (the status on its index, migration 0021).
   */
  async page(db: Db, request: PageRequest & ProxyFilter) {
    const { ids, meta } = await readPage(
      db,
      {
        table: proxies,
        ...(request.sort
          ? { orderBy: [proxySortKeys[request.sort]], direction: request.dir ?? 'asc' }
          : { direction: 'desc' as const }),
        where: proxyConditions(request),
        kept: 'proxies',
      },
      request,
    );
    const rows = ids.length ? await db.select().from(proxies).where(inArray(proxies.id, ids)) : [];
    return { rows: inPageOrder(ids, rows, (row) => row.id), meta };
  },

  /** Deletes these proxies in one statement; answers how many there were. */
  async deleteMany(db: Db, ids: number[]): Promise<number> {
    const deleted = await db.delete(proxies).where(inArray(proxies.id, ids)).returning({ id: proxies.id });
    return deleted.length;
  },
};
