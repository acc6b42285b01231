import type { FastifyInstance } from 'fastify';
import { MSG } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { askWithdrawal, decide, moneyFigures, withdrawHistory, withdrawPage } from './service';

const STATUS_TEXT = {
  accepted: MSG.withdrawAccepted,
  rejected: MSG.withdrawRejected,
  requested: MSG.withdrawCancelled,
} as const;

export function withdrawRoutes(app: FastifyInstance, ctx: AppContext) {
  const figures = (userId: Parameters<typeof moneyFigures>[1]) => moneyFigures(ctx, userId);
  serve(app, ctx, 'balance', async ({ params }) => ({ balance: (await figures(params.userId)).balance }));
  serve(app, ctx, 'withdrawIncome', async ({ params }) => ({
    income: (await figures(params.userId)).income,
  }));
  serve(app, ctx, 'withdrawTotalRequested', async ({ params }) => ({
    total: (await figures(params.userId)).requested,
  }));
  serve(app, ctx, 'withdrawTotalAccepted', async ({ params }) => ({
    total: (await figures(params.userId)).accepted,
  }));

  serve(app, ctx, 'withdrawRequest', async ({ body, user }) => ({
    withdraw: await askWithdrawal(ctx, user, body),
    msg: MSG.withdrawRequested,
  }));
  serve(app, ctx, 'withdrawHistory', async ({ params }) => ({
    list: await withdrawHistory(ctx, params.userId),
  }));
  serve(app, ctx, 'withdrawHistories', async () => ({ list: await withdrawHistory(ctx, null) }));
  serve(app, ctx, 'withdrawHistoriesPerPage', async ({ query, user }) =>
    withdrawPage(ctx, user, query.user_id ?? query.userId, query),
  );
  serve(app, ctx, 'withdrawUpdate', async ({ body, user }) => ({
    withdraw: await decide(ctx, user, body.id, body.status),
    msg: STATUS_TEXT[body.status],
  }));
}
