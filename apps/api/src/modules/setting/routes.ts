import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { changeSettings, currentSettings } from './service';

export function settingRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'settingGet', async () => ({ setting: await currentSettings(ctx) }));
  serve(app, ctx, 'settingUpdate', async ({ body, user }) => ({
    setting: await changeSettings(ctx, user, body),
  }));
}
