/**
 * Why the ledger, the send policy or another rule of the domain refused something, without saying
 * how a caller answers it: the server turns each code into its HTTP status in one place
 * (`httpStatusOfDomainError`), jobs and scripts read the code.
 */
export type DomainErrorCode =
  /** The thing asked for does not exist (a user, a bonus, a withdrawal). */
  | 'not_found'
  /** The actor may not do this. */
  | 'forbidden'
  /** The balance does not cover the amount. */
  | 'insufficient_balance'
  /** The amount would take a balance beyond what an amount column holds. */
  | 'amount_too_large'
  /** A withdrawal needs the member's bank account first. */
  | 'bank_account_missing'
  /** The record is not in a state this step can start from. */
  | 'invalid_transition'
  /** The send policy holds the send (quiet hours, a spent budget) or allows none of its recipients. */
  | 'send_refused';

/** The HTTP status each domain refusal is answered with; the spec's answers are kept as they are. */
const HTTP_STATUS: Record<DomainErrorCode, number> = {
  not_found: 404,
  forbidden: 403,
  insufficient_balance: 400,
  amount_too_large: 400,
  bank_account_missing: 400,
  invalid_transition: 400,
  send_refused: 400,
};

export function httpStatusOfDomainError(code: DomainErrorCode): number {
  return HTTP_STATUS[code];
}

export class DomainError extends Error {
  /**
   * `msg` is the message the user reads (a `MSG` entry, passed on as given); `details` are fields an
   * answer carries beside it (a field's error, a code the panel acts on).
   */
  constructor(
    readonly code: DomainErrorCode,
    readonly msg: unknown,
    readonly details: Record<string, unknown> = {},
  ) {
    super(typeof msg === 'string' ? msg : code);
  }
}
