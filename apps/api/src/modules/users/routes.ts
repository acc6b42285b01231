import type { FastifyInstance } from 'fastify';
import { COOKIE_AUTH_TOKEN } from '@blaster/contract';
import type { AppContext } from '../../context';
import { serve } from '../../lib/routes';
import { withRetryAfter } from '../auth/attempts';
import { setTokenCookie } from '../auth/cookies';
import {
  allMembers,
  blastFeeOf,
  connectedMemberCount,
  createStaffUser,
  findUser,
  memberPage,
  presentOne,
  staffAccounts,
  updateUser,
} from './service';

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'members', async () => ({ users: await allMembers(ctx) }));
  serve(app, ctx, 'membersPerPage', async ({ query }) =>
    memberPage(ctx, { search: query.search, status: query.s, sort: query.sort, dir: query.dir }, query),
  );
  serve(app, ctx, 'staffUsers', async ({ query }) => ({ users: await staffAccounts(ctx, query) }));
  serve(app, ctx, 'userCreate', async ({ body, user }) => ({ user: await createStaffUser(ctx, user, body) }));
  serve(app, ctx, 'activeUsers', async () => ({ count: await connectedMemberCount(ctx.db) }));
  serve(app, ctx, 'blastFee', async ({ params }) => ({ blast_fee: await blastFeeOf(ctx, params.id) }));

  serve(app, ctx, 'userGet', async ({ params }) => {
    const user = await presentOne(ctx, await findUser(ctx.db, params.id));
    return { user, level: user.level, color: user.color };
  });

  serve(app, ctx, 'userUpdate', async ({ params, body, user, request, reply }) => {
    const answer = await withRetryAfter(reply, updateUser(ctx, user, params.id, body));
    // The caller changed their own password: this browser stays signed in with the fresh token.
    if (answer.token && request.cookies?.[COOKIE_AUTH_TOKEN]) setTokenCookie(reply, answer.token);
    return answer;
  });
}
