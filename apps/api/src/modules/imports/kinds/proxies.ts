import { sql } from 'drizzle-orm';
import { EXPORT_FILE_NAMES, MSG, UPLOAD_LIMITS } from '@blaster/contract';
import { proxies } from '../../../db/schema';
import { columnReader } from '../../../lib/rows';
import { presentProxy } from '../../proxy/service';
import type { ImportKind } from '../kind';

interface SkippedProxy {
  id: number | null;
  value: string;
  status: string;
  reason: string;
}

/** A CSV or JSON list of proxies (value, optional status): empty values and duplicates are skipped. */
export const proxyImport: ImportKind<ReturnType<typeof presentProxy>, SkippedProxy> = {
  name: 'proxies',
  table: proxies,
  upload: () => ({
    maxBytes: UPLOAD_LIMITS.list,
    extensions: ['csv', 'json'],
    typeError: MSG.fileTypeCsvJson,
  }),
  said: () => 'OK',
  uniqueColumn: 'value',
  columns: sql`value, status`,
  select: sql`value, status`,
  reader() {
    const read = columnReader({ value: ['value', 'proxy', 'host'], status: ['status'] });
    return (record) => {
      const row = read(record);
      if (row === 'header') return row;
      const value = (row.value ?? '').slice(0, 500);
      const status = row.status === 'nonactive' ? 'nonactive' : 'active';
      return value ? { value, status } : { value, status, reason: MSG.invalidRow };
    };
  },
  presentCreated: (row) =>
    presentProxy({
      id: Number(row.id),
      value: String(row.value),
      status: String(row.status),
      countUse: Number(row.count_use),
    }),
  presentSkipped: (row) => ({ id: row.targetId, value: row.value, status: row.status, reason: row.reason }),
  download: {
    csv: EXPORT_FILE_NAMES.proxiesSkippedCsv,
    json: EXPORT_FILE_NAMES.proxiesSkippedJson,
    row: (row) => ({ id: row.targetId, value: row.value, status: row.status, reason: row.reason }),
    columns: ['value', 'status'],
  },
};
