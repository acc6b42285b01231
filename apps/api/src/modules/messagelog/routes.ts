import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { incomeToday, sendCounts, sendCountsEver, sendCountsToday } from './service';

export function messageLogRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'messageLogCount', async ({ params }) => {
    const counts = await sendCounts(ctx, params.userId);
    return { successCount: counts.success, failCount: counts.fail };
  });
  serve(app, ctx, 'todayIncome', async ({ params }) => ({ income: await incomeToday(ctx, params.userId) }));
  serve(app, ctx, 'todayCount', async () => sendCountsToday(ctx));
  serve(app, ctx, 'totalCount', async () => sendCountsEver(ctx));
}
