import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  API,
  COOKIE_AUTH_TOKEN,
  COOKIE_MAX_AGE_SECONDS,
  COOKIE_USER,
  MSG,
  fieldErrors,
  issueMessages,
  loginBodySchema,
  registerBodySchema,
  validateBodySchema,
  type Message,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { requestToken, route, userOfToken } from '../../lib/routes';
import { presentOne } from '../users/service';
import {
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  SIGNUP_PER_ADDRESS,
  clearAttempts,
  countAttempt,
  uncountAttempt,
  type AttemptAnswer,
} from './attempts';
import { hashPassword, newReferralCode, verifyPassword } from './passwords';

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow.
const timingDecoy = hashPassword('timing-decoy-password');

export async function uniqueReferralCode(ctx: AppContext): Promise<string> {
  for (;;) {
    const code = newReferralCode();
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
    if (!taken) return code;
  }
}

function refuseWhenLimited(reply: FastifyReply, answer: AttemptAnswer, msg: Message) {
  if (answer.allowed) return;
  reply.header('retry-after', String(answer.retryAfterSeconds));
  throw new HttpError(429, msg);
}

/**
 * The panel's token cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), Secure under HTTPS. "Keep me logged in" makes it last 10 years, else until the browser
 * closes.
 */
export function setTokenCookie(reply: FastifyReply, token: string, keep = true) {
  reply.setCookie(COOKIE_AUTH_TOKEN, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.request.protocol === 'https',
    ...(keep ? { maxAge: COOKIE_MAX_AGE_SECONDS } : {}),
  });
}

export function clearTokenCookie(reply: FastifyReply) {
  reply.clearCookie(COOKIE_AUTH_TOKEN, { path: '/' });
}

/** Ends every session of the user, on every instance: tokens and open sockets alike. */
export async function revokeSessions(ctx: AppContext, userId: number) {
  await ctx.db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  ctx.access.changed(userId);
}

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'POST',
    url: API.login,
    access: 'public',
    body: loginBodySchema,
    handler: async ({ body, request, reply }) => {
      const email = body.email.trim().toLowerCase();
      // Per address (one client spraying many accounts) and per account whatever the address
      // (many clients guessing one password); both counted before the password is checked.
      refuseWhenLimited(reply, await countAttempt(ctx.db, LOGIN_PER_ADDRESS, request.ip), MSG.tooManyLogins);
      const forAccount = await countAttempt(ctx.db, LOGIN_PER_ACCOUNT, email);
      // No password was tried, so the address is not charged for a locked account.
      if (!forAccount.allowed) await uncountAttempt(ctx.db, LOGIN_PER_ADDRESS, request.ip);
      refuseWhenLimited(reply, forAccount, MSG.tooManyLogins);
      const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
      const valid = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyPassword(await timingDecoy, `${body.password}x`);
      if (!user || !valid) throw new HttpError(400, MSG.invalidCredentials);
      await clearAttempts(ctx.db, LOGIN_PER_ACCOUNT, email);
      await uncountAttempt(ctx.db, LOGIN_PER_ADDRESS, request.ip);
      const token = await ctx.tokens.sign(user.id, user.tokenVersion);
      setTokenCookie(reply, token, body.keep ?? true);
      return { token, user: await presentOne(ctx.db, user), msg: MSG.loginSuccess };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.register,
    access: 'public',
    handler: async ({ request, reply }) => {
      const parsed = registerBodySchema.safeParse(request.body ?? {});
      const errors: Record<string, Message | string> = parsed.success
        ? {}
        : issueMessages(fieldErrors(parsed.error.issues));
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const email = typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : '';
      const referralValue = raw.referral_code || raw.affiliateCode;
      const referralCode = typeof referralValue === 'string' ? referralValue.trim().toUpperCase() : '';

      let referrerId: number | null = null;
      if (referralCode && !errors.referral_code) {
        const [referrer] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.referralCode, referralCode));
        if (referrer) referrerId = referrer.id;
        else errors.referral_code = MSG.referralNotFound;
      }
      const firstError = Object.values(errors)[0];
      if (firstError || !parsed.success)
        throw new HttpError(400, firstError ?? MSG.invalidRequest, { errors });

      // Counted only once the form is good: a typo costs nothing, each complete form does. Whether the
      // e-mail is taken is told only here, after the count, so a half-filled form probing addresses
      // learns nothing and a complete one is as limited as making an account.
      refuseWhenLimited(
        reply,
        await countAttempt(ctx.db, SIGNUP_PER_ADDRESS, request.ip),
        MSG.tooManySignUps,
      );
      const form = parsed.data;
      const [created] = await ctx.db
        .insert(users)
        .values({
          firstname: form.firstName,
          lastname: form.lastName,
          email,
          passwordHash: await hashPassword(form.password),
          role: 'member',
          referralCode: await uniqueReferralCode(ctx),
          referredBy: referrerId,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!created) throw new HttpError(400, MSG.emailTaken, { errors: { email: MSG.emailTaken } });
      const token = await ctx.tokens.sign(created.id, created.tokenVersion);
      setTokenCookie(reply, token);
      return { token, user: await presentOne(ctx.db, created), msg: MSG.registerSuccess };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.validate,
    access: 'public',
    body: validateBodySchema,
    handler: async ({ body, request }) => {
      const user = await userOfToken(ctx, body.token ?? requestToken(request));
      return { isvalid: Boolean(user) };
    },
  });

  // Public, so a browser holding a dead token can still have its cookie cleared.
  route(app, ctx, {
    method: 'POST',
    url: API.logout,
    access: 'public',
    handler: async ({ user, reply }) => {
      if (user) await revokeSessions(ctx, user.id);
      clearTokenCookie(reply);
      reply.clearCookie(COOKIE_USER, { path: '/' });
      return { msg: MSG.logoutSuccess };
    },
  });
}
