import type { FastifyInstance } from 'fastify';
import { MSG } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { createLevel, deleteLevel, findLevel, levelPage, orderedLevels, updateLevel } from './service';

export function levelRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'levelPerPage', async ({ query }) => levelPage(ctx, query));
  serve(app, ctx, 'levelList', async () => ({ list: await orderedLevels(ctx) }));
  serve(app, ctx, 'levelGet', async ({ params }) => ({ level: await findLevel(ctx, params.id) }));
  serve(app, ctx, 'levelCreate', async ({ body, user }) => ({
    level: await createLevel(ctx, user, body),
    msg: MSG.levelSaved,
  }));
  serve(app, ctx, 'levelUpdate', async ({ params, body, user }) => ({
    level: await updateLevel(ctx, user, params.id, body),
    msg: MSG.levelSaved,
  }));
  serve(app, ctx, 'levelDelete', async ({ params, user }) => {
    await deleteLevel(ctx, user, params.id);
    return { msg: 'OK' };
  });
}
