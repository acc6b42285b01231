import { inArray, sql } from 'drizzle-orm';
import type { phoneBulkBodySchema } from '@blaster/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { phoneNumbers, suppressions } from '../../db/schema';
import { queueOptOutEvents } from '../../domain/webhooks';
import type { AuthUser } from '../../lib/routes';
import { recordOnNumbers } from '../audit/service';
import { presentSuppression, publishSuppressed } from '../suppression/list';

type BulkBody = z.output<typeof phoneBulkBodySchema>;

/**
 * Deletes the chosen numbers in one statement; ids no longer there are skipped. The deleted numbers go
 * into one audit entry, in the same transaction. Answers how many were deleted.
 */
async function deleteNumbers(ctx: AppContext, actor: AuthUser, ids: number[]): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(phoneNumbers)
      .where(inArray(phoneNumbers.id, ids))
      .returning({ id: phoneNumbers.id, number: phoneNumbers.number });
    await recordOnNumbers(tx, ctx, actor, 'phone.bulk_delete', 'phone_list', {
      before: deleted.map((row) => row.number),
    });
    return deleted.length;
  });
}

/**
 * Puts the chosen numbers on the suppression list as an operator's additions, in one statement (the
 * database marks their rows suppressed); numbers already there are skipped. Receivers and the audit
 * trail hear of the new ones in the same transaction, operators once it commits.
 */
async function suppressNumbers(ctx: AppContext, actor: AuthUser, ids: number[]): Promise<number> {
  const added = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(suppressions)
      .select(
        tx
          .select({
            number: phoneNumbers.number,
            reason: sql<'manual'>`'manual'`.as('reason'),
            note: sql<null>`null`.as('note'),
            createdBy: sql<number>`${actor.id}::int`.as('created_by'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(phoneNumbers)
          .where(inArray(phoneNumbers.id, ids)),
      )
      .onConflictDoNothing()
      .returning();
    const present = rows.map(presentSuppression);
    await queueOptOutEvents(
      tx,
      present.map((row) => ({
        number: row.number,
        whatsapp_id: null,
        reason: row.reason,
        at: row.created_at,
      })),
    );
    await recordOnNumbers(tx, ctx, actor, 'phone.bulk_suppress', 'phone_list', {
      after: present.map((row) => row.number),
    });
    return present;
  });
  for (const row of added) publishSuppressed(ctx.hub, row);
  return added.length;
}

/** A bulk action on the phone number list: answers how many numbers it changed. */
export function bulkPhoneAction(ctx: AppContext, actor: AuthUser, { ids, action }: BulkBody) {
  const unique = [...new Set(ids)];
  return action === 'delete' ? deleteNumbers(ctx, actor, unique) : suppressNumbers(ctx, actor, unique);
}
