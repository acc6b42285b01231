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

/**
 * An error and the errors it wraps, outermost first: drivers wrap the database's error (drizzle's
 * query error around node-postgres's or PGlite's), so a code is looked for along the chain.
 */
function* causesOf(error: unknown) {
  for (let cause = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; cause;) {
    yield { code: typeof cause.code === 'string' ? cause.code : '', message: cause.message };
    cause = cause.cause as typeof cause;
  }
}

const hasCode = (error: unknown, codes: string[]) =>
  [...causesOf(error)].some((cause) => codes.includes(cause.code));

/** Whether a request failed because the database was unreachable, not because of the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return [...causesOf(error)].some(
    ({ code, message }) =>
      UNAVAILABLE_CODES.test(code) ||
      UNAVAILABLE_SYSTEM.has(code) ||
      (typeof message === 'string' && /Connection terminated/i.test(message)),
  );
}

/**
 * Whether the database rolled a transaction back because it crossed another one (a deadlock, or a
 * serialization failure): nothing of it was kept, and PostgreSQL's answer is to run it again.
 */
export const isTransientConflict = (error: unknown) => hasCode(error, ['40P01', '40001']);

/**
 * Whether the database refused text it cannot store (a NUL character, invalid encoding): the
 * client's input was at fault.
 */
export const isUnstorableText = (error: unknown) => hasCode(error, ['22021', '22P05']);

/** Whether the database refused a write because another row already holds a unique value. */
export const isUniqueViolation = (error: unknown) => hasCode(error, ['23505']);

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
