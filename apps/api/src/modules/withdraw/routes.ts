import type { FastifyInstance } from 'fastify';
import { ALL_USERS, API, ALL_ROLES, userOrAllParamSchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import { ledgerSum } from '../../ledger/queries';
import { route } from '../../lib/routes';

export function withdrawRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.balance(':userId'),
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    handler: async ({ params }) => ({
      balance: await ledgerSum(ctx.db, { userId: params.userId === ALL_USERS ? null : params.userId }),
    }),
  });
}
