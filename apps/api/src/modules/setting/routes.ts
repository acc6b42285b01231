import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, API, settingUpdateSchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { readSettings, updateSettings } from '../../domain/settings';

export function settingRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.settingGet,
    access: ALL_ROLES,
    handler: async () => ({ setting: await readSettings(ctx.db) }),
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.settingUpdate,
    access: OPERATOR_ROLES,
    body: settingUpdateSchema,
    handler: async ({ body }) => ({ setting: await updateSettings(ctx.db, body) }),
  });
}
