import type { z } from 'zod';
import { MAX_SCHEDULE_AHEAD_MS, MSG, type scheduleBodySchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import { presentAccount, publishAccountEvent, type AccountRow } from '../../domain/accounts';
import { recordAccountEvent } from '../../domain/account-events';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import type { AuthUser } from '../../lib/routes';
import { auditBlastAction } from '../whatsapp/service';
import { scheduleRepository as schedules } from './repository';

/** The account a caller may schedule or read the health of: their own, or any for operators. */
export async function ownedAccount(ctx: AppContext, user: AuthUser, id: number): Promise<AccountRow> {
  const account = await schedules.account(ctx.db, id);
  if (!account) throw new HttpError(404, MSG.whatsappNotFound);
  assertOwnerOrOperator(user, account.userId);
  return account;
}

function refuseStart(account: AccountRow, startAt: Date) {
  if (startAt.getTime() <= Date.now()) throw new HttpError(400, MSG.scheduleInPast);
  if (startAt.getTime() > Date.now() + MAX_SCHEDULE_AHEAD_MS) throw new HttpError(400, MSG.scheduleTooFar);
  if (account.suspended) throw new HttpError(400, MSG.suspendedRule, { error: MSG.suspendedRule });
  if (account.status === 'sending') throw new HttpError(400, MSG.scheduleWhileSending);
}

/**
 * The time is stored on the account, and the blast engine's lease loop starts it when it comes (on
 * whichever instance holds the account then, after a restart too).
 */
export async function scheduleBlast(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof scheduleBodySchema>,
) {
  const account = await ownedAccount(ctx, user, body.id);
  const startAt = new Date(body.start_at);
  refuseStart(account, startAt);
  const scheduled = await ctx.db.transaction(async (tx) => {
    const row = await schedules.setStart(tx, account.id, startAt, user.id);
    await recordAccountEvent(tx, account.id, 'schedule', `set ${startAt.toISOString()}`);
    await auditBlastAction(ctx, tx, user, 'blast.schedule', account, row);
    return row;
  });
  publishAccountEvent(ctx.hub, scheduled, 'scheduled', { scheduled_at: startAt.toISOString() });
  return { whatsapp: presentAccount(scheduled), msg: MSG.scheduleSaved };
}

export async function cancelSchedule(ctx: AppContext, user: AuthUser, id: number) {
  const account = await ownedAccount(ctx, user, id);
  // Taken in one statement: either this cancels it, or the engine already started it.
  const cancelled = await ctx.db.transaction(async (tx) => {
    const row = await schedules.clearStart(tx, account.id);
    if (row) {
      await recordAccountEvent(tx, account.id, 'schedule', 'cancelled');
      await auditBlastAction(ctx, tx, user, 'blast.schedule_cancel', account, row);
    }
    return row;
  });
  if (!cancelled) throw new HttpError(404, MSG.noSchedule);
  publishAccountEvent(ctx.hub, cancelled, 'scheduled', { scheduled_at: null });
  return { whatsapp: presentAccount(cancelled), msg: MSG.scheduleCancelled };
}
