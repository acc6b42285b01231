import type { FastifyInstance } from 'fastify';
import { asc, desc, inArray, sql } from 'drizzle-orm';
import {
  API,
  MSG,
  UPLOAD_LIMITS,
  pageQuerySchema,
  proxySaveSchema,
  proxyUpdateSchema,
  type ImportRow,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { proxies } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { columnReader, readRecords } from '../../lib/rows';
import { receiveFile } from '../../lib/uploads';
import { uniqueRecordRoutes } from '../../lib/unique-records';

type ProxyRow = typeof proxies.$inferSelect;
const present = (row: ProxyRow) => ({
  id: row.id,
  value: row.value,
  status: row.status,
  count_use: row.countUse,
});

/** Proxies are records the panel manages (value, status, use count); no traffic goes through them. */
export function proxyRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.proxyCountUse,
    access: OPERATOR_ROLES,
    handler: async () => {
      const [row] = await ctx.db
        .select({
          unUsed: sql<string>`count(*) filter (where ${proxies.countUse} = 0)`,
          used: sql<string>`count(*) filter (where ${proxies.countUse} > 0)`,
        })
        .from(proxies);
      return { unUsed: Number(row?.unUsed ?? 0), used: Number(row?.used ?? 0) };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.proxyList,
    access: OPERATOR_ROLES,
    handler: async () => ({
      list: (await ctx.db.select().from(proxies).orderBy(asc(proxies.id))).map(present),
    }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.proxyPerPage,
    access: OPERATOR_ROLES,
    query: pageQuerySchema.passthrough(),
    handler: async ({ query }) => {
      const { ids, meta } = await readPage(
        ctx.db,
        {
          table: proxies,
          id: proxies.id,
          ids: () => ctx.db.select({ id: proxies.id }).from(proxies).$dynamic(),
          direction: 'desc',
          kept: 'proxies',
        },
        query,
      );
      const rows = ids.length
        ? await ctx.db.select().from(proxies).where(inArray(proxies.id, ids)).orderBy(desc(proxies.id))
        : [];
      return { data: rows.map(present), meta };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.proxyImport,
    access: OPERATOR_ROLES,
    handler: async ({ request }) => {
      const file = await receiveFile(request, {
        maxBytes: UPLOAD_LIMITS.list,
        extensions: ['csv', 'json'],
        typeError: MSG.fileTypeCsvJson,
      });
      const read = columnReader({ value: ['value', 'proxy', 'host'], status: ['status'] });
      const rows: { value: string; status: string }[] = [];
      const skipped: ImportRow[] = [];
      const seen = new Set<string>();
      let total = 0;
      for await (const record of readRecords(file.stream, file.extension)) {
        const row = read(record);
        if (row === 'header') continue;
        total += 1;
        const value = (row.value ?? '').slice(0, 500);
        const status = row.status === 'nonactive' ? 'nonactive' : 'active';
        if (!value || seen.has(value)) {
          skipped.push({
            id: null,
            number: value,
            name: value,
            status,
            reason: value ? MSG.duplicateInFile : MSG.invalidRow,
          });
          continue;
        }
        seen.add(value);
        rows.push({ value, status });
      }
      if (file.truncated())
        throw new HttpError(413, MSG.fileTooLarge, { errors: { file: MSG.fileTooLarge } });
      if (total === 0) throw new HttpError(400, MSG.fileEmpty, { errors: { file: MSG.fileEmpty } });
      const created = rows.length
        ? await ctx.db.transaction((tx) => tx.insert(proxies).values(rows).onConflictDoNothing().returning())
        : [];
      const createdValues = new Set(created.map((row) => row.value));
      const existing = rows.filter((row) => !createdValues.has(row.value));
      const ids = existing.length
        ? await ctx.db
            .select({ id: proxies.id, value: proxies.value })
            .from(proxies)
            .where(
              inArray(
                proxies.value,
                existing.map((row) => row.value),
              ),
            )
        : [];
      for (const row of existing)
        skipped.push({
          id: ids.find((found) => found.value === row.value)?.id ?? null,
          number: row.value,
          name: row.value,
          status: row.status,
          reason: MSG.duplicateInDatabase,
        });
      return {
        created: created.map(present),
        skipped: skipped.map((row) => ({
          id: row.id,
          value: row.number,
          status: row.status,
          reason: row.reason,
        })),
        msg: 'OK',
      };
    },
  });

  uniqueRecordRoutes(app, ctx, {
    table: proxies,
    id: proxies.id,
    unique: { field: 'value', taken: MSG.proxyTaken },
    access: OPERATOR_ROLES,
    save: { url: API.proxySave, body: proxySaveSchema },
    one: { url: API.proxy(':id'), body: proxyUpdateSchema, notFound: MSG.proxyNotFound },
    answerKey: 'proxy',
    present,
    updates: (body) => ({ value: body.value, status: body.status }),
  });
}
