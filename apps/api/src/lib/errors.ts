import type { Message } from '@blaster/contract';

/**
 * An answer the panel shows as is: `msg` names the spec's message, written in the reader's language
 * when the answer is sent, so the user reads the reason, not a status code.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly msg: Message | string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(String(msg));
  }
}

/** PostgreSQL error classes meaning the server went away or refuses connections (a restart). */
const UNAVAILABLE_CODES = /^(08|57P0[1-3]|53300)/;
const UNAVAILABLE_SYSTEM = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);

/** Whether a request failed because the database was unreachable, not because of the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; cause;) {
    const code = typeof cause.code === 'string' ? cause.code : '';
    if (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_SYSTEM.has(code)) return true;
    if (typeof cause.message === 'string' && /Connection terminated/i.test(cause.message)) return true;
    cause = cause.cause as typeof cause;
  }
  return false;
}

/**
 * Whether the database rolled a transaction back because it crossed another one (a deadlock, or a
 * serialization failure): nothing of it was kept, and PostgreSQL's answer is to run it again.
 */
export function isTransientConflict(error: unknown): boolean {
  for (let cause = error as { code?: unknown; cause?: unknown } | undefined; cause;) {
    if (cause.code === '40P01' || cause.code === '40001') return true;
    cause = cause.cause as typeof cause;
  }
  return false;
}

/**
 * Whether the database refused text it cannot store (a NUL character, invalid encoding): the
 * client's input was at fault. Drivers wrap the database's error, so its causes are searched.
 */
export function isUnstorableText(error: unknown): boolean {
  for (let cause = error as { code?: unknown; cause?: unknown } | undefined; cause;) {
    if (cause.code === '22021' || cause.code === '22P05') return true;
    cause = cause.cause as typeof cause;
  }
  return false;
}

/** Whether the database refused a write because another row already holds a unique value. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error as { code?: unknown; cause?: unknown } | undefined; cause;) {
    if (cause.code === '23505') return true;
    cause = cause.cause as typeof cause;
  }
  return false;
}

/**
 * Runs a write a unique index may refuse (the value is another row's, or a concurrent request just
 * took it); the refusal becomes the caller's "taken" answer instead of a 500.
 */
export async function unlessTaken<T>(write: Promise<T>, taken: () => HttpError): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
