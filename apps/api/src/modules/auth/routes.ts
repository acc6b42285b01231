import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  API,
  LOGIN_RATE_LIMIT_MAX,
  LOGIN_RATE_LIMIT_WINDOW_MS,
  MSG,
  fieldErrors,
  loginBodySchema,
  registerBodySchema,
  validateBodySchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { route } from '../../lib/routes';
import { presentOne } from '../users/service';
import { hashPassword, newReferralCode, verifyPassword } from './passwords';

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow.
const timingDecoy = hashPassword('timing-decoy-password');

async function uniqueReferralCode(ctx: AppContext): Promise<string> {
  for (;;) {
    const code = newReferralCode();
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
    if (!taken) return code;
  }
}

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'POST',
    url: API.login,
    access: 'public',
    rateLimit: {
      max: LOGIN_RATE_LIMIT_MAX,
      timeWindow: LOGIN_RATE_LIMIT_WINDOW_MS,
      // Per address and account, so one client cannot lock everyone out and guessing one password is slowed.
      keyGenerator: (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${request.ip}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      },
    },
    body: loginBodySchema,
    handler: async ({ body }) => {
      const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
      const valid = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyPassword(await timingDecoy, `${body.password}x`);
      if (!user || !valid) throw new HttpError(400, MSG.invalidCredentials);
      return {
        token: await ctx.tokens.sign(user.id),
        user: await presentOne(ctx.db, user),
        msg: MSG.loginSuccess,
      };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.register,
    access: 'public',
    handler: async ({ request }) => {
      const parsed = registerBodySchema.safeParse(request.body ?? {});
      const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error.issues);
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const email = typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : '';
      const referralValue = raw.referral_code || raw.affiliateCode;
      const referralCode = typeof referralValue === 'string' ? referralValue.trim().toUpperCase() : '';

      if (email && !errors.email) {
        const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (taken) errors.email = MSG.emailTaken;
      }
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
      // Two sign-ups racing for one e-mail: the loser gets the same per-field answer.
      if (!created) throw new HttpError(400, MSG.emailTaken, { errors: { email: MSG.emailTaken } });
      return {
        token: await ctx.tokens.sign(created.id),
        user: await presentOne(ctx.db, created),
        msg: MSG.registerSuccess,
      };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.validate,
    access: 'public',
    body: validateBodySchema,
    handler: async ({ body }) => {
      const userId = await ctx.tokens.verify(body.token);
      if (!userId) return { isvalid: false };
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return { isvalid: Boolean(user) };
    },
  });
}
