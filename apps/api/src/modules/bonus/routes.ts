import type { FastifyInstance } from 'fastify';
import { MSG } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { bonusPage, giveBonus, takeBonusBack, totalBonus } from './service';

export function bonusRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'totalBonus', async ({ params }) => ({ totalBonus: await totalBonus(ctx, params.userId) }));
  serve(app, ctx, 'bonusCreate', async ({ body, user }) => ({
    bonus: await giveBonus(ctx, user, body),
    msg: MSG.bonusCreated,
  }));
  serve(app, ctx, 'bonus', async ({ params, user }) => {
    await takeBonusBack(ctx, user, params.id);
    return { msg: 'OK' };
  });
  serve(app, ctx, 'bonusPerPage', async ({ query, user }) =>
    bonusPage(ctx, user, query.user_id ?? query.userId, query),
  );
}
