import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  API,
  MAX_SCHEDULE_AHEAD_MS,
  MSG,
  scheduleBodySchema,
  scheduleCancelBodySchema,
  type Role,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { whatsappAccounts } from '../../db/schema';
import { presentAccount, publishAccountEvent } from '../../domain/accounts';
import { recordAccountEvent } from '../../domain/account-events';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import { route, type AuthUser } from '../../lib/routes';
import { auditBlastAction } from '../whatsapp/service';

/** Members schedule their own accounts' blasts; admin and dev any account's (decision). */
export const SCHEDULE_ROLES: readonly Role[] = ['member', 'dev', 'admin'];

export async function ownedAccount(ctx: AppContext, user: AuthUser, id: number) {
  const [account] = await ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
  if (!account) throw new HttpError(404, MSG.whatsappNotFound);
  assertOwnerOrOperator(user, account.userId);
  return account;
}

/**
 * Scheduled blasts: the time is stored on the account, and the blast engine's lease loop starts it
 * when it comes (on whichever instance holds the account then, after a restart too).
 */
export function scheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'POST',
    url: API.whatsappSchedule,
    access: SCHEDULE_ROLES,
    body: scheduleBodySchema,
    handler: async ({ body, user }) => {
      const account = await ownedAccount(ctx, user, body.id);
      const startAt = new Date(body.start_at);
      if (startAt.getTime() <= Date.now()) throw new HttpError(400, MSG.scheduleInPast);
      if (startAt.getTime() > Date.now() + MAX_SCHEDULE_AHEAD_MS)
        throw new HttpError(400, MSG.scheduleTooFar);
      if (account.suspended) throw new HttpError(400, MSG.suspendedRule, { error: MSG.suspendedRule });
      if (account.status === 'sending') throw new HttpError(400, MSG.scheduleWhileSending);
      const scheduled = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .update(whatsappAccounts)
          .set({ blastScheduledAt: startAt, blastScheduledBy: user.id })
          .where(eq(whatsappAccounts.id, account.id))
          .returning();
        await recordAccountEvent(tx, account.id, 'schedule', `set ${startAt.toISOString()}`);
        await auditBlastAction(ctx, tx, user, 'blast.schedule', account, row!);
        return row!;
      });
      publishAccountEvent(ctx.hub, scheduled, 'scheduled', { scheduled_at: startAt.toISOString() });
      return { whatsapp: presentAccount(scheduled), msg: MSG.scheduleSaved };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.whatsappScheduleCancel,
    access: SCHEDULE_ROLES,
    body: scheduleCancelBodySchema,
    handler: async ({ body, user }) => {
      const account = await ownedAccount(ctx, user, body.id);
      // Taken in one statement: either this cancels it, or the engine already started it.
      const cancelled = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .update(whatsappAccounts)
          .set({ blastScheduledAt: null, blastScheduledBy: null })
          .where(and(eq(whatsappAccounts.id, account.id), isNotNull(whatsappAccounts.blastScheduledAt)))
          .returning();
        if (row) {
          await recordAccountEvent(tx, account.id, 'schedule', 'cancelled');
          await auditBlastAction(ctx, tx, user, 'blast.schedule_cancel', account, row);
        }
        return row;
      });
      if (!cancelled) throw new HttpError(404, MSG.noSchedule);
      publishAccountEvent(ctx.hub, cancelled, 'scheduled', { scheduled_at: null });
      return { whatsapp: presentAccount(cancelled), msg: MSG.scheduleCancelled };
    },
  });
}
