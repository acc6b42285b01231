import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { cancelSchedule, scheduleBlast } from './service';

/** Scheduled blasts: members their own accounts', admin and dev any account's. */
export function scheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'whatsappSchedule', ({ body, user }) => scheduleBlast(ctx, user, body));
  serve(app, ctx, 'whatsappScheduleCancel', ({ body, user }) => cancelSchedule(ctx, user, body.id));
}
