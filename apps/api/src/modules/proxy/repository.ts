import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { proxies } from '../../db/schema';
import { readPage, type PageRequest } from '../../lib/paging';

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

  /** A page of proxies, newest first, of one status when asked (on its index, migration 0021). */
  async page(db: Db, request: PageRequest & { status?: string }) {
    const { ids, meta } = await readPage(
      db,
      {
        table: proxies,
        direction: 'desc',
        where: request.status ? eq(proxies.status, request.status) : undefined,
        kept: 'proxies',
      },
      request,
    );
    const rows = ids.length
      ? await db.select().from(proxies).where(inArray(proxies.id, ids)).orderBy(desc(proxies.id))
      : [];
    return { rows, meta };
  },

  /** Deletes these proxies in one statement; answers how many there were. */
  async deleteMany(db: Db, ids: number[]): Promise<number> {
    const deleted = await db.delete(proxies).where(inArray(proxies.id, ids)).returning({ id: proxies.id });
    return deleted.length;
  },
};
