import {
  MSG,
  SUPPRESSION_CSV_COLUMNS,
  looksLikeNumber,
  normalizeNumber,
  toCsv,
  type SuppressionRow,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { pageMeta } from '../../lib/paging';
import type { AuthUser } from '../../lib/routes';
import { recordAudit, recordOnNumbers } from '../audit/service';
import { addSuppression, presentSuppression, publishSuppressed, removeSuppression } from './list';
import { suppressionRepository as list, type SuppressionFilter } from './repository';

/** The export reads the list in slices of this many rows, so a long list never sits in memory. */
const EXPORT_SLICE = 5_000;

/** One page of the list; a search that looks like a number keeps the numbers starting with it. */
export async function suppressionPage(
  ctx: AppContext,
  query: { page: number; per_page: number; search?: string } & Omit<SuppressionFilter, 'prefix'>,
) {
  const prefix = query.search && looksLikeNumber(query.search) ? normalizeNumber(query.search) : null;
  const { rows, total } = await list.page(
    ctx.db,
    { prefix: prefix || null, sort: query.sort, dir: query.dir },
    query.page,
    query.per_page,
  );
  return { data: rows.map(presentSuppression), meta: pageMeta(query.page, total, false, query.per_page) };
}

/** An operator or staff member adds a number by hand: recorded in the audit trail, told to operators. */
export async function addByHand(
  ctx: AppContext,
  actor: AuthUser,
  body: { number: string; note?: string },
): Promise<SuppressionRow> {
  const added = await ctx.db.transaction(async (tx) => {
    const row = await addSuppression(tx, {
      number: body.number,
      reason: 'manual',
      note: body.note,
      createdBy: actor.id,
    });
    if (row)
      await recordAudit(tx, ctx, {
        actor,
        action: 'suppression.add',
        target: { type: 'suppression', id: row.number },
        after: { number: row.number, note: row.note },
      });
    return row;
  });
  if (!added) throw new HttpError(400, MSG.suppressionTaken, { errors: { number: MSG.suppressionTaken } });
  publishSuppressed(ctx.hub, added);
  return added;
}

/** An operator takes a number off the list, recorded in the audit trail. */
export async function removeByHand(
  ctx: AppContext,
  actor: AuthUser,
  number: string,
): Promise<SuppressionRow> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await removeSuppression(tx, number);
    if (row)
      await recordAudit(tx, ctx, {
        actor,
        action: 'suppression.remove',
        target: { type: 'suppression', id: row.number },
        before: { number: row.number, reason: row.reason, note: row.note },
      });
    return row;
  });
  if (!removed) throw new HttpError(404, MSG.suppressionNotFound);
  return removed;
}

/**
 * An operator takes the chosen numbers off the list in one statement, with one audit entry naming
 * them; numbers no longer on it are skipped. Answers how many were removed.
 */
export async function removeManyByHand(ctx: AppContext, actor: AuthUser, numbers: string[]) {
  return ctx.db.transaction(async (tx) => {
    const removed = await list.deleteMany(tx, [...new Set(numbers)]);
    await recordOnNumbers(tx, ctx, actor, 'suppression.bulk_remove', 'suppression', {
      before: removed.map((row) => row.number),
    });
    return removed.length;
  });
}

/** The whole list as CSV text, a slice at a time. */
export async function* suppressionCsv(ctx: AppContext) {
  yield toCsv([SUPPRESSION_CSV_COLUMNS]);
  let after: string | null = null;
  for (;;) {
    const rows = await list.slice(ctx.db, after, EXPORT_SLICE);
    if (rows.length === 0) return;
    const cells = rows
      .map(presentSuppression)
      .map((row) => SUPPRESSION_CSV_COLUMNS.map((column) => row[column]));
    yield `\r\n${toCsv(cells)}`;
    after = rows.at(-1)!.number;
  }
}
