import type { AccessWatch } from '../realtime/access';

/** How long a signed-in user's row is reused when no change notice arrives (a missed bus message). */
export const SIGNED_IN_TTL_MS = 5_000;
const MAX_USERS = 10_000;

/**
 * The user rows of recent requests, by id, so that every page load does not read its user again.
 * A role or token-version change drops the row at once on every instance (AccessWatch carries it over
 * the cluster bus); any row is read again after a few seconds regardless. Only role and token version
 * decide access: handlers read whatever else they show from the database.
 */
export class SignedInUsers<Row> {
  private readonly rows = new Map<number, { row: Row; until: number }>();
  /** Change notices seen: a read that began before one must not store what it read. */
  private changes = 0;

  constructor(
    access: AccessWatch,
    private readonly ttlMs = SIGNED_IN_TTL_MS,
  ) {
    access.onAnyChange((userId) => {
      this.changes += 1;
      this.rows.delete(userId);
    });
  }

  async load(userId: number, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const kept = this.rows.get(userId);
    if (kept && kept.until > Date.now()) return kept.row;
    const changesBefore = this.changes;
    const row = await read();
    if (row === undefined || this.changes !== changesBefore) return row;
    if (this.rows.size >= MAX_USERS) this.rows.delete(this.rows.keys().next().value!);
    this.rows.delete(userId);
    this.rows.set(userId, { row, until: Date.now() + this.ttlMs });
    return row;
  }
}
