import type { FastifyInstance } from 'fastify';
import { asc, desc, inArray, sql } from 'drizzle-orm';
import {
  API,
  MSG,
  UPLOAD_LIMITS,
  pageQuerySchema,
  proxySaveSchema,
  proxyUpdateSchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { proxies } from '../../db/schema';
import { readPage } from '../../lib/paging';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { receiveFile } from '../../lib/uploads';
import { uniqueRecordRoutes } from '../../lib/unique-records';
import { runImport } from '../imports/pipeline';
import { presentProxy, proxyImport } from './import';

const present = presentProxy;

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
    handler: async ({ request, user }) => {
      const file = await receiveFile(request, {
        maxBytes: UPLOAD_LIMITS.list,
        extensions: ['csv', 'json'],
        typeError: MSG.fileTypeCsvJson,
      });
      return { ...(await runImport(ctx.db, proxyImport, file, user.id)), msg: 'OK' };
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
