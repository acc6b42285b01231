import { ALL_USERS } from '@blaster/contract';
import type { AppContext } from '../../context';
import { ledgerSum, startOfToday } from '../../ledger/queries';
import { messageLogRepository as logs } from './repository';

const owner = (userId: number | typeof ALL_USERS) => (userId === ALL_USERS ? null : userId);

export const sendCounts = (ctx: AppContext, userId: number | typeof ALL_USERS) =>
  logs.successAndFailEver(ctx.db, owner(userId));

export const sendCountsToday = (ctx: AppContext) =>
  logs.successAndFail(ctx.db, { userId: null, since: startOfToday(ctx.config.timeZone) });

export const sendCountsEver = (ctx: AppContext) => logs.successAndFailEver(ctx.db, null);

/** Blast income since midnight in the app's time zone. */
export const incomeToday = (ctx: AppContext, userId: number | typeof ALL_USERS) =>
  ledgerSum(ctx.db, {
    userId: owner(userId),
    kinds: ['blast_income'],
    since: startOfToday(ctx.config.timeZone),
  });
