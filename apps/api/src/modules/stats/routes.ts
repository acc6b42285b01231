import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { dailyChart, hourlyChart, lookupChart, sendersChart, topAccountsChart } from './service';

/** Chart figures: members and staff read their own (the owner check), operators anyone's or all. */
export function statsRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'statsDaily', ({ params }) => dailyChart(ctx, params.userId));
  serve(app, ctx, 'statsHourly', ({ params }) => hourlyChart(ctx, params.userId));
  serve(app, ctx, 'statsTopAccounts', ({ query }) => topAccountsChart(ctx, query));
  serve(app, ctx, 'statsSenders', () => sendersChart(ctx));
  serve(app, ctx, 'statsLookups', ({ params, query }) => lookupChart(ctx, params.userId, query));
}
