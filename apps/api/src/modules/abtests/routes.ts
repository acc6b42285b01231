import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import * as abTests from './service';

export function abTestRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'abTestList', ({ user }) => abTests.listAbTests(ctx, user));
  serve(app, ctx, 'abTestTemplates', () => abTests.testTemplates(ctx));
  serve(app, ctx, 'abTestCreate', ({ body, user }) => abTests.createAbTest(ctx, user, body));
  serve(app, ctx, 'abTest', ({ params, user }) => abTests.readAbTest(ctx, user, params.id));
  serve(app, ctx, 'abTestCancel', ({ params, user }) => abTests.cancelAbTest(ctx, user, params.id));
}
