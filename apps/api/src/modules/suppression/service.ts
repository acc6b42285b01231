import {
  MSG,
  REALTIME_CHANNEL_ADMIN,
  SUPPRESSION_CSV_COLUMNS,
  looksLikeNumber,
  normalizeNumber,
  toCsv,
  type SuppressionReason,
  type SuppressionRow,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { queueWebhookEvent } from '../../domain/webhooks';
import type { Executor } from '../../ledger/ledger';
import { HttpError } from '../../lib/errors';
import { pageMeta } from '../../lib/paging';
import type { AuthUser } from '../../lib/routes';
import type { RealtimeHub } from '../../realtime/hub';
import { recordAudit } from '../audit/service';
import { suppressionRepository as list, type SuppressionRecord } from './repository';

/** The export reads the list in slices of this many rows, so a long list never sits in memory. */
const EXPORT_SLICE = 5_000;

export const presentSuppression = (row: SuppressionRecord): SuppressionRow => ({
  number: row.number,
  reason: row.reason,
  note: row.note,
  created_at: row.createdAt.toISOString(),
});

/**
 * Puts a normalized number on the suppression list; the database marks its phone-number row (and any
 * added later) suppressed, which the blast claim never takes. Answers the new row, or null when the
 * number was already there.
 */
export async function addSuppression(
  db: Executor,
  entry: {
    number: string;
    reason: SuppressionReason;
    note?: string | null;
    createdBy?: number | null;
    /** The chat account whose message the recipient answered, when known. */
    whatsappId?: number | null;
  },
): Promise<SuppressionRow | null> {
  const row = await list.insert(db, {
    number: entry.number,
    reason: entry.reason,
    note: entry.note || null,
    createdBy: entry.createdBy ?? null,
  });
  if (!row) return null;
  // Receivers hear of the opt-out exactly when it is on the list: same transaction.
  await queueWebhookEvent(db, {
    type: 'number.opted_out',
    accountId: entry.whatsappId ?? null,
    payload: {
      number: row.number,
      whatsapp_id: entry.whatsappId ?? null,
      reason: row.reason,
      at: row.createdAt.toISOString(),
    },
  });
  return presentSuppression(row);
}

/** Takes a number off the list (it may be blasted again); null when it was not there. */
export async function removeSuppression(db: Executor, number: string): Promise<SuppressionRow | null> {
  const row = await list.delete(db, number);
  return row ? presentSuppression(row) : null;
}

/** Tells operators, on every instance, that a number joined the list. */
export function publishSuppressed(hub: RealtimeHub, row: SuppressionRow) {
  hub.publish(REALTIME_CHANNEL_ADMIN, { event: 'suppressed', payload: { ...row, date: row.created_at } });
}

/** One page of the list; a search that looks like a number keeps the numbers starting with it. */
export async function suppressionPage(ctx: AppContext, query: { page: number; search?: string }) {
  const prefix = query.search && looksLikeNumber(query.search) ? normalizeNumber(query.search) : null;
  const { rows, total } = await list.page(ctx.db, prefix || null, query.page);
  return { data: rows.map(presentSuppression), meta: pageMeta(query.page, total) };
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
