import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { API, MSG, idParamSchema, importSkippedQuerySchema, toCsv } from '@blaster/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { imports, importStaging } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { messageTemplateImport } from '../message/routes';
import { phoneNumberImport } from '../phonenumber/import';
import { proxyImport } from '../proxy/import';
import type { ImportKind, ImportKindName, SkippedRow } from './pipeline';

const KINDS: Record<ImportKindName, ImportKind<unknown, unknown>> = {
  phone_numbers: phoneNumberImport as ImportKind<unknown, unknown>,
  proxies: proxyImport as ImportKind<unknown, unknown>,
  message_templates: messageTemplateImport as ImportKind<unknown, unknown>,
};
/** Skipped rows are read from the database this many at a time while the download is written. */
const PAGE = 5_000;

/** An import's skipped rows in file order, a page at a time. */
async function* skippedPages(db: Db, importId: number) {
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(importStaging)
      .where(
        and(
          eq(importStaging.importId, importId),
          isNotNull(importStaging.reason),
          gt(importStaging.rowNo, after),
        ),
      )
      .orderBy(asc(importStaging.rowNo))
      .limit(PAGE);
    if (page.length === 0) return;
    yield page as SkippedRow[];
    after = page.at(-1)!.rowNo;
  }
}

/**
 * The same files the panel wrote from the answer before: a CSV with a header (cells a spreadsheet would
 * run as formulas written as text, like every CSV the panel exports), or an indented JSON array.
 */
async function* skippedFile(
  db: Db,
  importId: number,
  kind: ImportKind<unknown, unknown>,
  format: 'csv' | 'json',
) {
  let first = true;
  if (format === 'csv') yield toCsv([kind.download.columns]);
  else yield '[';
  for await (const page of skippedPages(db, importId)) {
    const rows = page.map((row) => kind.download.row(row));
    if (format === 'csv') {
      yield `\r\n${toCsv(rows.map((row) => kind.download.columns.map((column) => row[column])))}`;
    } else {
      const items = rows.map((row) => `\n  ${JSON.stringify(row, null, 2).replaceAll('\n', '\n  ')}`);
      yield `${first ? '' : ','}${items.join(',')}`;
    }
    first = false;
  }
  if (format === 'json') yield first ? ']' : '\n]';
}

export function importRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.importSkipped(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    query: importSkippedQuerySchema,
    handler: async ({ params, query, user, reply }) => {
      const [found] = await ctx.db.select().from(imports).where(eq(imports.id, params.id));
      // Only the importer sees what its file held; anyone else learns nothing, not even that it exists.
      if (!found || found.userId !== user.id || !found.finishedAt)
        throw new HttpError(404, MSG.importNotFound);
      const kind = KINDS[found.kind as ImportKindName];
      const name = query.format === 'csv' ? kind.download.csv : kind.download.json;
      return reply
        .header(
          'content-type',
          query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(skippedFile(ctx.db, found.id, kind, query.format)));
    },
  });
}
