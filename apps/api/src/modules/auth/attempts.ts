import type { Message } from '@blaster/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_ADDRESS_RATE_LIMIT_MAX,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_LOCK_MAX_MS,
  LOGIN_RATE_LIMIT_MAX,
  LOGIN_RATE_LIMIT_WINDOW_MS,
  SIGNUP_RATE_LIMIT_MAX,
  SIGNUP_RATE_LIMIT_WINDOW_MS,
} from '@blaster/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db';
import { authAttempts } from '../../db/schema';
import { HttpError } from '../../lib/errors';

/**
 * How many attempts a key may make: `max` within `windowMs` (counted from the window's first
 * attempt). The attempt that reaches `max` locks the key for `lockMs`, and each further attempt made
 * after a lock ran out doubles it, up to `maxLockMs`.
 */
export interface AttemptPolicy {
  scope: string;
  max: number;
  windowMs: number;
  lockMs: number;
  maxLockMs: number;
}

export const LOGIN_PER_ACCOUNT: AttemptPolicy = {
  scope: 'login:account',
  max: LOGIN_RATE_LIMIT_MAX,
  windowMs: LOGIN_ACCOUNT_WINDOW_MS,
  lockMs: LOGIN_RATE_LIMIT_WINDOW_MS,
  maxLockMs: LOGIN_LOCK_MAX_MS,
};

export const LOGIN_PER_ADDRESS: AttemptPolicy = {
  scope: 'login:address',
  max: LOGIN_ADDRESS_RATE_LIMIT_MAX,
  windowMs: LOGIN_ADDRESS_WINDOW_MS,
  lockMs: LOGIN_RATE_LIMIT_WINDOW_MS,
  maxLockMs: LOGIN_LOCK_MAX_MS,
};

export const SIGNUP_PER_ADDRESS: AttemptPolicy = {
  scope: 'signup:address',
  max: SIGNUP_RATE_LIMIT_MAX,
  windowMs: SIGNUP_RATE_LIMIT_WINDOW_MS,
  lockMs: SIGNUP_RATE_LIMIT_WINDOW_MS,
  maxLockMs: SIGNUP_RATE_LIMIT_WINDOW_MS,
};

/** Rows idle this long are deleted now and then; no policy looks further back. */
const FORGET_AFTER_MS = 2 * 24 * 60 * 60_000;

export type AttemptAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A key out of attempts: a 429 whose answer says when to try again. */
export class AttemptsLimitedError extends HttpError {
  constructor(
    msg: Message,
    readonly retryAfterSeconds: number,
  ) {
    super(429, msg);
  }
}

export function refuseWhenLimited(answer: AttemptAnswer, msg: Message) {
  if (!answer.allowed) throw new AttemptsLimitedError(msg, answer.retryAfterSeconds);
}

/** Runs work that may run out of attempts; the refusal's answer carries `Retry-After`. */
export async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AttemptsLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

function lockFor(policy: AttemptPolicy, attempts: number) {
  const doublings = Math.min(attempts - policy.max, 30);
  return Math.min(policy.maxLockMs, policy.lockMs * 2 ** doublings);
}

/**
 * Counts one attempt before the work it guards (verifying a password, creating an account), so
 * attempts made at the same moment cannot all slip under the limit. A locked key is refused without
 * counting. Row lock on (scope, key): instances sharing PostgreSQL count into the same row.
 */
export async function countAttempt(db: Db, policy: AttemptPolicy, key: string): Promise<AttemptAnswer> {
  const answer = await db.transaction(async (tx) => {
    await tx.insert(authAttempts).values({ scope: policy.scope, key, attempts: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({
        attempts: authAttempts.attempts,
        windowStartedAt: authAttempts.windowStartedAt,
        lockedUntil: authAttempts.lockedUntil,
        // The database's clock, so instances with skewed clocks agree on windows and locks.
        nowMs: sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number),
      })
      .from(authAttempts)
      .where(and(eq(authAttempts.scope, policy.scope), eq(authAttempts.key, key)))
      .for('update');
    const now = new Date(row!.nowMs);
    if (row!.lockedUntil && row!.lockedUntil > now) {
      const retryAfterSeconds = Math.max(1, Math.ceil((row!.lockedUntil.getTime() - now.getTime()) / 1000));
      return { allowed: false as const, retryAfterSeconds };
    }
    const windowOver = now.getTime() - row!.windowStartedAt.getTime() >= policy.windowMs;
    const attempts = (windowOver ? 0 : row!.attempts) + 1;
    await tx
      .update(authAttempts)
      .set({
        attempts,
        windowStartedAt: windowOver ? now : row!.windowStartedAt,
        lockedUntil: attempts >= policy.max ? new Date(now.getTime() + lockFor(policy, attempts)) : null,
      })
      .where(and(eq(authAttempts.scope, policy.scope), eq(authAttempts.key, key)));
    return { allowed: true as const };
  });
  if (Math.random() < 0.01) await forgetIdle(db);
  return answer;
}

/** A successful sign-in: the account's failures are forgiven. */
export async function clearAttempts(db: Db, policy: AttemptPolicy, key: string) {
  await db.delete(authAttempts).where(and(eq(authAttempts.scope, policy.scope), eq(authAttempts.key, key)));
}

/**
 * Takes one counted attempt back (it turned out to be a success), so a shared address is limited
 * on its failures only. The lock it may have started goes too, unless failures alone reach the limit.
 */
export async function uncountAttempt(db: Db, policy: AttemptPolicy, key: string) {
  await db
    .update(authAttempts)
    .set({
      attempts: sql`greatest(${authAttempts.attempts} - 1, 0)`,
      lockedUntil: sql`case when ${authAttempts.attempts} - 1 < ${policy.max} then null else ${authAttempts.lockedUntil} end`,
    })
    .where(and(eq(authAttempts.scope, policy.scope), eq(authAttempts.key, key)));
}

async function forgetIdle(db: Db) {
  const cutoff = sql`now() - ${`${FORGET_AFTER_MS} milliseconds`}::interval`;
  await db
    .delete(authAttempts)
    .where(
      and(
        lt(authAttempts.windowStartedAt, cutoff),
        or(isNull(authAttempts.lockedUntil), lt(authAttempts.lockedUntil, sql`now()`)),
      ),
    );
}
