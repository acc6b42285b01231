import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { asc, count, desc, gt, sql } from 'drizzle-orm';
import {
  MSG,
  PAGE_SIZE,
  SUPPRESSION_CSV_COLUMNS,
  SUPPRESSION_CSV_FILE,
  looksLikeNumber,
  normalizeNumber,
  toCsv,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { suppressions } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/paging';
import { serve } from '../../lib/routes';
import { escapeLike } from '../../lib/search';
import { recordAudit } from '../audit/service';
import { addSuppression, presentSuppression, publishSuppressed, removeSuppression } from './service';

/** The export reads the list in slices of this many rows, so a long list never sits in memory. */
const EXPORT_SLICE = 5_000;

async function* suppressionCsv(ctx: AppContext) {
  yield toCsv([SUPPRESSION_CSV_COLUMNS]);
  let after: string | null = null;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(suppressions)
      .where(after === null ? undefined : gt(suppressions.number, after))
      .orderBy(asc(suppressions.number))
      .limit(EXPORT_SLICE);
    if (rows.length === 0) return;
    const cells = rows
      .map(presentSuppression)
      .map((row) => SUPPRESSION_CSV_COLUMNS.map((column) => row[column]));
    yield `\r\n${toCsv(cells)}`;
    after = rows.at(-1)!.number;
  }
}

/**
 * The suppression list: opted-out numbers the blast engine never sends to. Operators and staff see,
 * add and export it; only operators take a number off again (it may then be blasted).
 */
export function suppressionRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onClose', async () => ctx.delivery.stop());

  serve(app, ctx, 'suppressionPerPage', async ({ query }) => {
    const search = query.search ? normalizeNumber(query.search) : '';
    const where =
      query.search && looksLikeNumber(query.search) && search
        ? sql`${suppressions.number} like ${`${escapeLike(search)}%`}`
        : undefined;
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select()
        .from(suppressions)
        .where(where)
        .orderBy(desc(suppressions.createdAt), desc(suppressions.number))
        .limit(PAGE_SIZE)
        .offset(pageOffset(query.page)),
      ctx.db.select({ n: count() }).from(suppressions).where(where),
    ]);
    return { data: rows.map(presentSuppression), meta: pageMeta(query.page, Number(total?.n ?? 0)) };
  });

  serve(app, ctx, 'suppressionCreate', async ({ body, user }) => {
    const added = await ctx.db.transaction(async (tx) => {
      const row = await addSuppression(tx, {
        number: body.number,
        reason: 'manual',
        note: body.note,
        createdBy: user.id,
      });
      if (row)
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'suppression.add',
          target: { type: 'suppression', id: row.number },
          after: { number: row.number, note: row.note },
        });
      return row;
    });
    if (!added) throw new HttpError(400, MSG.suppressionTaken, { errors: { number: MSG.suppressionTaken } });
    publishSuppressed(ctx.hub, added);
    return { suppression: added, msg: MSG.suppressionAdded };
  });

  serve(app, ctx, 'suppressionDelete', async ({ params, user }) => {
    const removed = await ctx.db.transaction(async (tx) => {
      const row = await removeSuppression(tx, params.number);
      if (row)
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'suppression.remove',
          target: { type: 'suppression', id: row.number },
          before: { number: row.number, reason: row.reason, note: row.note },
        });
      return row;
    });
    if (!removed) throw new HttpError(404, MSG.suppressionNotFound);
    return { suppression: removed, msg: MSG.suppressionRemoved };
  });

  serve(app, ctx, 'suppressionExport', async ({ reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${SUPPRESSION_CSV_FILE}"`)
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(suppressionCsv(ctx))),
  );
}
