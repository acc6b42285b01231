import { REALTIME_CHANNEL_ADMIN, type SuppressionReason, type SuppressionRow } from '@blaster/contract';
import { queueWebhookEvent } from '../../domain/webhooks';
import type { Executor } from '../../ledger/ledger';
import type { RealtimeHub } from '../../realtime/hub';
import { suppressionRepository as list, type SuppressionRecord } from './repository';

// What the blast's delivery job needs of the list as well: nothing here reaches the app's context.

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
