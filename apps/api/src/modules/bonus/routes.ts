import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, ALL_USERS, API, userOrAllParamSchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import { ledgerSum } from '../../ledger/queries';
import { route } from '../../lib/routes';

export function bonusRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.totalBonus(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({
      totalBonus: await ledgerSum(ctx.db, {
        userId: params.userId === ALL_USERS ? null : params.userId,
        kinds: ['bonus'],
      }),
    }),
  });
}
