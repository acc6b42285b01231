import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, API, settingUpdateSchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { readSettings, updateSettings } from '../../domain/settings';
import { recordAudit } from '../audit/service';

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
    handler: async ({ body, user }) => ({
      setting: await ctx.db.transaction(async (tx) => {
        const before = await readSettings(tx, { lock: true });
        const after = await updateSettings(tx, body);
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'setting.update',
          target: { type: 'setting', id: 1 },
          before,
          after,
        });
        return after;
      }),
    }),
  });
}
