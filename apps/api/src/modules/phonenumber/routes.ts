import type { FastifyInstance } from 'fastify';
import { count, desc, inArray, sql } from 'drizzle-orm';
import {
  API,
  MSG,
  PAGE_SIZE,
  UPLOAD_LIMITS,
  pageQuerySchema,
  phoneNumberSaveSchema,
  phoneNumberUpdateSchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { phoneNumbers } from '../../db/schema';
import { pageMeta, pageOffset } from '../../lib/paging';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { receiveFile } from '../../lib/uploads';
import { importPhoneNumbers } from './import';
import { uniqueRecordRoutes } from '../../lib/unique-records';

type PhoneRow = typeof phoneNumbers.$inferSelect;
export const presentPhone = (row: PhoneRow) => ({
  id: row.id,
  number: row.number,
  name: row.name,
  status: row.status as 'active' | 'nonactive',
  in_use: row.inUse,
  count_success: row.countSuccess,
  count_fail: row.countFail,
  last_sent: row.lastSent?.toISOString() ?? null,
});

export function phoneNumberRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.phoneCountBlast,
    access: OPERATOR_ROLES,
    handler: async () => {
      const [row] = await ctx.db
        .select({
          blasted: sql<string>`count(*) filter (where ${phoneNumbers.lastSent} is not null)`,
          unBlasted: sql<string>`count(*) filter (where ${phoneNumbers.lastSent} is null)`,
        })
        .from(phoneNumbers);
      return { blasted: Number(row?.blasted ?? 0), unBlasted: Number(row?.unBlasted ?? 0) };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.phoneList,
    access: OPERATOR_ROLES,
    handler: async () => ({
      list: (await ctx.db.select().from(phoneNumbers).orderBy(desc(phoneNumbers.id))).map(presentPhone),
    }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.phonePerPage,
    access: OPERATOR_ROLES,
    query: pageQuerySchema.passthrough(),
    handler: async ({ query }) => {
      const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(phoneNumbers);
      // The page's ids come from the primary key alone; only those rows are read.
      const pageIds = ctx.db
        .select({ id: phoneNumbers.id })
        .from(phoneNumbers)
        .orderBy(desc(phoneNumbers.id))
        .limit(PAGE_SIZE)
        .offset(pageOffset(query.page));
      const rows = await ctx.db
        .select()
        .from(phoneNumbers)
        .where(inArray(phoneNumbers.id, pageIds))
        .orderBy(desc(phoneNumbers.id));
      return { data: rows.map(presentPhone), meta: pageMeta(query.page, total) };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.phoneImport,
    access: OPERATOR_ROLES,
    handler: async ({ request, user }) => {
      const file = await receiveFile(request, {
        maxBytes: UPLOAD_LIMITS.phoneNumbers,
        extensions: ['csv', 'json'],
        typeError: MSG.fileTypeCsvJson,
      });
      return importPhoneNumbers(ctx.db, file, user.id);
    },
  });

  uniqueRecordRoutes(app, ctx, {
    table: phoneNumbers,
    id: phoneNumbers.id,
    unique: { field: 'number', taken: MSG.phoneNumberTaken },
    access: OPERATOR_ROLES,
    save: { url: API.phoneSave, body: phoneNumberSaveSchema },
    one: { url: API.phoneNumber(':id'), body: phoneNumberUpdateSchema, notFound: MSG.phoneNumberNotFound },
    answerKey: 'phoneNumber',
    present: presentPhone,
    updates: (body) => body,
  });
}
