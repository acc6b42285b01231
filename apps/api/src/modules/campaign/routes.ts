import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { runningCampaigns } from './service';

/** Running blasts as campaign cards show them: a member's own, or everyone's for operators ('all'). */
export function campaignRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'whatsappCampaigns', ({ params }) => runningCampaigns(ctx, params.userId));
}
