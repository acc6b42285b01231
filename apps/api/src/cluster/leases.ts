import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db';
import { jobLeases } from '../db/schema';

export type LeaseKind = (typeof jobLeases.$inferSelect)['kind'];

/** A job's loop found that another instance holds its lease now: it stops without touching the job. */
export class LeaseLost extends Error {
  constructor(kind: LeaseKind, jobId: number) {
    super(`lease on ${kind} ${jobId} was taken over`);
  }
}

/**
 * Job leases on the database's clock, so instances never compare their own clocks. A holder renews
 * its leases in the background and inside every step's transaction; a lease nobody renews expires and
 * the job goes to whichever instance claims it next.
 */
export class JobLeases {
  private readonly held = new Map<LeaseKind, Set<number>>([
    ['blast', new Set()],
    ['lookup', new Set()],
    ['webhook', new Set()],
  ]);
  private readonly timer: NodeJS.Timeout;
  /** Set by stop(): a renewal under way renews no further kind, so nothing reaches a closed database. */
  private stopped = false;
  private renewing: Promise<void> = Promise.resolve();
  /**
   * Until when (this process's monotonic clock) each held lease is certainly still ours: the time a
   * statement that extended it was sent, plus the lease's length. The database's expiry is counted
   * from a later instant, so this never runs past it.
   */
  private readonly safeUntil = new Map<string, number>();

  constructor(
    private readonly db: Db,
    readonly holder: string,
    readonly ttlMs: number,
    /** Told when a background renewal finds a lease gone (the loop should stop waiting). */
    private readonly onLost: (kind: LeaseKind, jobId: number) => void = () => {},
  ) {
    this.timer = setInterval(
      () => {
        // Chained, so stop() waits for every renewal still under way, a slow one overlapping the next.
        const renewal = this.renewHeld().catch(() => {});
        this.renewing = Promise.all([this.renewing, renewal]).then(() => {});
      },
      Math.max(200, ttlMs / 3),
    );
    this.timer.unref();
  }

  private expiry() {
    return sql`now() + ${this.ttlMs} * interval '1 millisecond'`;
  }

  /** Takes the job when nobody holds it, its lease expired, or this instance held it before a restart. */
  async acquire(kind: LeaseKind, jobId: number): Promise<boolean> {
    const sentAt = performance.now();
    const rows = await this.db
      .insert(jobLeases)
      .values({ kind, jobId, holder: this.holder, expiresAt: this.expiry() })
      .onConflictDoUpdate({
        target: [jobLeases.kind, jobLeases.jobId],
        set: { holder: this.holder, expiresAt: this.expiry() },
        setWhere: sql`${jobLeases.expiresAt} < now() or ${jobLeases.holder} = ${this.holder}`,
      })
      .returning({ holder: jobLeases.holder });
    if (rows.length === 0) return false;
    this.held.get(kind)!.add(jobId);
    this.extended(kind, jobId, sentAt);
    return true;
  }

  private extended(kind: LeaseKind, jobId: number, sentAt: number) {
    this.safeUntil.set(`${kind}:${jobId}`, sentAt + this.ttlMs);
  }

  /**
   * Whether the lease is certainly this instance's for at least `marginMs` more. A job checks before
   * each action that must not happen twice (a send): when the database cannot be reached to renew it,
   * the job stops acting before another instance could take the lease and settle the same work.
   */
  secure(kind: LeaseKind, jobId: number, marginMs: number) {
    return (this.safeUntil.get(`${kind}:${jobId}`) ?? 0) - performance.now() > marginMs;
  }

  /**
   * Inside a job step's transaction: extends the lease and locks it until the step commits, so an
   * instance taking over waits for the step rather than overlapping it. Throws when the lease is gone.
   */
  async confirm(tx: Db, kind: LeaseKind, jobId: number) {
    const sentAt = performance.now();
    // Counted from the statement's own time, not the transaction's start (`now()`), so the extension
    // is at least as long as the one this process counts from `sentAt`.
    const rows = await tx
      .update(jobLeases)
      .set({ expiresAt: sql`clock_timestamp() + ${this.ttlMs} * interval '1 millisecond'` })
      .where(and(eq(jobLeases.kind, kind), eq(jobLeases.jobId, jobId), eq(jobLeases.holder, this.holder)))
      .returning({ jobId: jobLeases.jobId });
    if (rows.length === 0) {
      this.held.get(kind)!.delete(jobId);
      throw new LeaseLost(kind, jobId);
    }
    // Only takes effect when the step commits; a step that does not commit sends nothing after it.
    this.extended(kind, jobId, sentAt);
  }

  async release(kind: LeaseKind, jobId: number) {
    this.held.get(kind)!.delete(jobId);
    this.safeUntil.delete(`${kind}:${jobId}`);
    await this.db
      .delete(jobLeases)
      .where(and(eq(jobLeases.kind, kind), eq(jobLeases.jobId, jobId), eq(jobLeases.holder, this.holder)));
  }

  /** Of the candidate job ids (a query answering `id`), those no other instance holds a live lease on. */
  async orphans(kind: LeaseKind, candidates: SQL): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`${candidates} except select ${jobLeases.jobId} from ${jobLeases} where ${jobLeases.kind} = ${kind} and ${jobLeases.expiresAt} > now() and ${jobLeases.holder} <> ${this.holder}`,
    );
    return rows.map((row) => Number(row.id));
  }

  /** Runs `adopt` every quarter of a lease, so a job whose holder went away is taken within seconds. */
  watch(adopt: () => Promise<void>): () => void {
    const timer = setInterval(() => void adopt().catch(() => {}), Math.max(100, this.ttlMs / 4));
    timer.unref();
    return () => clearInterval(timer);
  }

  private async renewHeld() {
    for (const [kind, ids] of this.held) {
      if (this.stopped) return;
      if (ids.size === 0) continue;
      const wanted = [...ids];
      const ours = sql`${jobLeases.kind} = ${kind} and ${inArray(jobLeases.jobId, wanted)} and ${jobLeases.holder} = ${this.holder}`;
      // A lease whose row a step has locked is being extended by that step's own confirm: waiting
      // for it here would also keep every lease renewed before it locked, stalling those jobs' steps.
      const sentAt = performance.now();
      const renewed = await queryRows<{ jobId: number; renewed: boolean }>(
        this.db,
        sql`with renewed as (
              update ${jobLeases} set expires_at = ${this.expiry()}
              where (kind, job_id) in (
                select kind, job_id from ${jobLeases} where ${ours} for update skip locked)
              returning job_id)
            select job_id as "jobId", true as renewed from renewed
            union all
            select job_id, false from ${jobLeases}
            where ${ours} and job_id not in (select job_id from renewed)`,
      );
      const kept = new Set(renewed.map((row) => row.jobId));
      for (const row of renewed) if (row.renewed) this.extended(kind, row.jobId, sentAt);
      for (const jobId of wanted)
        if (!kept.has(jobId) && ids.has(jobId)) {
          ids.delete(jobId);
          this.safeUntil.delete(`${kind}:${jobId}`);
          this.onLost(kind, jobId);
        }
    }
  }

  /** How many leases of each kind this instance holds (the metrics). */
  heldCounts(): Record<LeaseKind, number> {
    return Object.fromEntries([...this.held].map(([kind, ids]) => [kind, ids.size])) as Record<
      LeaseKind,
      number
    >;
  }

  /**
   * Stops renewing (shutdown, or a simulated crash that leaves the leases to expire), and resolves
   * once a renewal under way has ended, so the database can be closed after it.
   */
  stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    return this.renewing;
  }
}
