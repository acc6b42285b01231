import type { FastifyInstance } from 'fastify';
import { MSG } from '@blaster/contract';
import type { AppContext } from '../../context';
import { requestToken, serve } from '../../lib/routes';
import { presentOne } from '../users/service';
import { withRetryAfter } from './attempts';
import { clearSessionCookies, setTokenCookie } from './cookies';
import { revokeSessions, signIn, signUp, tokenIsValid } from './service';

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'login', async ({ body, request, reply }) => {
    const { user, token } = await withRetryAfter(reply, signIn(ctx, body, request.ip));
    setTokenCookie(reply, token, body.keep ?? true);
    return { token, user: await presentOne(ctx, user), msg: MSG.loginSuccess };
  });

  // The form is checked by the service, so the referral code's error joins the fields' ones.
  serve(app, ctx, 'register', async ({ request, reply }) => {
    const { user, token } = await withRetryAfter(reply, signUp(ctx, request.body, request.ip));
    setTokenCookie(reply, token);
    return { token, user: await presentOne(ctx, user), msg: MSG.registerSuccess };
  });

  serve(app, ctx, 'validate', async ({ body, request }) => ({
    isvalid: await tokenIsValid(ctx, body.token ?? requestToken(request)),
  }));

  // Public, so a browser holding a dead token can still have its cookie cleared.
  serve(app, ctx, 'logout', async ({ user, reply }) => {
    if (user) await revokeSessions(ctx, user.id);
    clearSessionCookies(reply);
    return { msg: MSG.logoutSuccess };
  });
}
