import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import {
  API,
  MSG,
  UPLOAD_LIMITS,
  looksLikeNumber,
  normalizeNumber,
  pageQuerySchema,
  phoneListQuerySchema,
  FORM_CONSENT_SOURCE,
  parseConsentTime,
  phoneNumberSaveWithConsentSchema,
  phoneNumberUpdateWithConsentSchema,
  type PhoneConsent,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { phoneNumbers } from '../../db/schema';
import { readKeptRows, selectColumns, type KeptRowsSource, type PageRequest } from '../../lib/paging';
import type { Db } from '../../db';
import { escapeLike } from '../../lib/search';
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
  consent_source: row.consentSource,
  consent_at: row.consentAt?.toISOString() ?? null,
  consent_note: row.consentNote,
  suppressed: row.suppressed,
});

/**
 * The consent columns the form's fields write: any field filled records consent, all sent empty clear
 * it, none sent (another client) leaves it as it is.
 */
function consentColumns(body: PhoneConsent) {
  if (body.consent_source === undefined && body.consent_at === undefined && body.consent_note === undefined)
    return {};
  if (!body.consent_source && !body.consent_at && !body.consent_note)
    return { consentSource: null, consentAt: null, consentNote: null };
  return {
    consentSource: body.consent_source || FORM_CONSENT_SOURCE,
    consentAt: parseConsentTime(body.consent_at) ?? new Date(),
    consentNote: body.consent_note || null,
  };
}

/** One page of the phone number list: what list-per-page reads (the bench times exactly this). */
export async function readPhonePage(db: Db, request: PageRequest) {
  const { rows, meta } = await readKeptRows<PhoneRow>(db, phonePage, request);
  return { data: rows.map(presentPhone), meta };
}
const phonePage: KeptRowsSource = {
  list: 'phone_numbers',
  table: phoneNumbers,
  select: selectColumns(phoneNumbers, 'row'),
};

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
    query: phoneListQuerySchema,
    handler: async ({ query }) => {
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
      const rows = await ctx.db
        .select()
        .from(phoneNumbers)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(query.limit);
      return { list: rows.map(presentPhone) };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.phonePerPage,
    access: OPERATOR_ROLES,
    query: pageQuerySchema.passthrough(),
    handler: ({ query }) => readPhonePage(ctx.db, query),
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
    save: { url: API.phoneSave, body: phoneNumberSaveWithConsentSchema },
    one: {
      url: API.phoneNumber(':id'),
      body: phoneNumberUpdateWithConsentSchema,
      notFound: MSG.phoneNumberNotFound,
    },
    answerKey: 'phoneNumber',
    present: presentPhone,
    values: ({ number, name, ...consent }) => ({ number, name, ...consentColumns(consent) }),
    updates: ({ number, name, status, ...consent }) => ({ number, name, status, ...consentColumns(consent) }),
  });
}
