import { MSG, type proxySaveSchema, type proxyUpdateSchema } from '@blaster/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { proxies } from '../../db/schema';
import type { PageRequest } from '../../lib/paging';
import { uniqueRecords } from '../../lib/unique-records';
import { proxyRepository, type ProxyFilter } from './repository';

/** A proxy as the answers show it. */
export const presentProxy = (row: {
  id: number;
  value: string;
  status: string;
  countUse: number;
}): { id: number; value: string; status: string; count_use: number } => ({
  id: row.id,
  value: row.value,
  status: row.status,
  count_use: row.countUse,
});

const records = uniqueRecords({
  table: proxies,
  id: proxies.id,
  unique: { field: 'value', taken: () => MSG.proxyTaken },
  notFound: () => MSG.proxyNotFound,
  present: presentProxy,
});

export const countUse = (db: Db) => proxyRepository.countUse(db);

export const listProxies = async (db: Db) => (await proxyRepository.oldestFirst(db)).map(presentProxy);

export async function proxyPage(db: Db, request: PageRequest & ProxyFilter) {
  const { rows, meta } = await proxyRepository.page(db, request);
  return { data: rows.map(presentProxy), meta };
}

export const saveProxy = (db: Db, body: z.output<typeof proxySaveSchema>) => records.save(db, body);

export const findProxy = (db: Db, id: number) => records.find(db, id);

export const updateProxy = (db: Db, id: number, body: z.output<typeof proxyUpdateSchema>) =>
  records.update(db, id, { value: body.value, status: body.status });

export const deleteProxy = (db: Db, id: number) => records.remove(db, id);

/** Deletes the chosen proxies at once; ids no longer there are skipped. */
export const deleteProxies = (db: Db, ids: number[]) => proxyRepository.deleteMany(db, [...new Set(ids)]);
