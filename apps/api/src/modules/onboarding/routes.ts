import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { onboardingSteps } from './service';

/** The dashboards' getting-started checklist. */
export function onboardingRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'onboarding', ({ user }) => onboardingSteps(ctx, user));
}
