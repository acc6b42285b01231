import {
  MSG,
  fieldErrors,
  issueMessages,
  registerBodySchema,
  type loginBodySchema,
  type Message,
} from '@blaster/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { HttpError } from '../../lib/errors';
import { userOfToken } from '../../lib/routes';
import {
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  SIGNUP_PER_ADDRESS,
  clearAttempts,
  countAttempt,
  refuseWhenLimited,
  uncountAttempt,
} from './attempts';
import { hashPassword, newReferralCode, verifyPassword } from './passwords';
import { accountRepository as accounts, type AccountRecord } from './repository';

type LoginBody = z.output<typeof loginBodySchema>;
type SignUpForm = z.output<typeof registerBodySchema>;

/** A signed-in account and the token of its new session. */
export interface Session {
  user: AccountRecord;
  token: string;
}

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow.
const timingDecoy = hashPassword('timing-decoy-password');

export async function uniqueReferralCode(db: Db): Promise<string> {
  for (;;) {
    const code = newReferralCode();
    if ((await accounts.idOfReferralCode(db, code)) === undefined) return code;
  }
}

async function startSession(ctx: AppContext, user: AccountRecord): Promise<Session> {
  return { user, token: await ctx.tokens.sign(user.id, user.tokenVersion) };
}

/**
 * Counts the attempt per address (one client spraying many accounts) and per account whatever the
 * address (many clients guessing one password), both before the password is checked.
 */
async function countSignIn(db: Db, email: string, address: string) {
  refuseWhenLimited(await countAttempt(db, LOGIN_PER_ADDRESS, address), MSG.tooManyLogins);
  const forAccount = await countAttempt(db, LOGIN_PER_ACCOUNT, email);
  // No password was tried, so the address is not charged for a locked account.
  if (!forAccount.allowed) await uncountAttempt(db, LOGIN_PER_ADDRESS, address);
  refuseWhenLimited(forAccount, MSG.tooManyLogins);
}

export async function signIn(ctx: AppContext, body: LoginBody, address: string): Promise<Session> {
  const email = body.email.trim().toLowerCase();
  await countSignIn(ctx.db, email, address);
  const user = await accounts.byEmail(ctx.db, email);
  const valid = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyPassword(await timingDecoy, `${body.password}x`);
  if (!user || !valid) throw new HttpError(400, MSG.invalidCredentials);
  await clearAttempts(ctx.db, LOGIN_PER_ACCOUNT, email);
  await uncountAttempt(ctx.db, LOGIN_PER_ADDRESS, address);
  return startSession(ctx, user);
}

/**
 * The sign-up form checked whole: every field's error and an unknown referral code in one answer.
 */
async function checkSignUpForm(db: Db, raw: unknown) {
  const parsed = registerBodySchema.safeParse(raw ?? {});
  const errors: Record<string, Message | string> = parsed.success
    ? {}
    : issueMessages(fieldErrors(parsed.error.issues));
  const fields = (raw ?? {}) as Record<string, unknown>;
  const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
  const referralValue = fields.referral_code || fields.affiliateCode;
  const referralCode = typeof referralValue === 'string' ? referralValue.trim().toUpperCase() : '';

  let referrerId: number | null = null;
  if (referralCode && !errors.referral_code) {
    referrerId = (await accounts.idOfReferralCode(db, referralCode)) ?? null;
    if (referrerId === null) errors.referral_code = MSG.referralNotFound;
  }
  const firstError = Object.values(errors)[0];
  if (firstError || !parsed.success) throw new HttpError(400, firstError ?? MSG.invalidRequest, { errors });
  return { form: parsed.data, email, referrerId };
}

async function createMember(ctx: AppContext, form: SignUpForm, email: string, referrerId: number | null) {
  const created = await accounts.insert(ctx.db, {
    firstname: form.firstName,
    lastname: form.lastName,
    email,
    passwordHash: await hashPassword(form.password),
    role: 'member',
    referralCode: await uniqueReferralCode(ctx.db),
    referredBy: referrerId,
  });
  if (!created) throw new HttpError(400, MSG.emailTaken, { errors: { email: MSG.emailTaken } });
  return created;
}

export async function signUp(ctx: AppContext, raw: unknown, address: string): Promise<Session> {
  const { form, email, referrerId } = await checkSignUpForm(ctx.db, raw);
  // Counted only once the form is good: a typo costs nothing, each complete form does. Whether the
  // e-mail is taken is told only here, after the count, so a half-filled form probing addresses
  // learns nothing and a complete one is as limited as making an account.
  refuseWhenLimited(await countAttempt(ctx.db, SIGNUP_PER_ADDRESS, address), MSG.tooManySignUps);
  return startSession(ctx, await createMember(ctx, form, email, referrerId));
}

export async function tokenIsValid(ctx: AppContext, token: string | null): Promise<boolean> {
  return Boolean(await userOfToken(ctx, token));
}

/** Ends every session of the user, on every instance: tokens and open sockets alike. */
export async function revokeSessions(ctx: AppContext, userId: number) {
  await accounts.bumpTokenVersion(ctx.db, userId);
  ctx.access.changed(userId);
}
