import type { SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { isDatabaseUnavailable, isTransientConflict } from '../lib/errors';
import type { ClusterBus } from './bus';
import { LeaseLost, type JobLeases, type LeaseKind } from './leases';

/** How a job waits between steps: a timer that a stop, a shutdown or a lost lease cuts short. */
export type Wait = (ms: number) => Promise<void>;

/**
 * Tells a loop that someone woke it (a stop, a disconnect, a lost lease): a step sending a batch checks
 * it between sends and ends early, then finds out what happened in its next step.
 */
export interface Interrupts {
  readonly pending: boolean;
  clear(): void;
}

/** A step that failed for no fault of its own: the database was away, or another step crossed it. */
const worthRetrying = (error: unknown) => isDatabaseUnavailable(error) || isTransientConflict(error);

/** A step worth retrying is tried again after this, doubling up to the ceiling. */
const RETRY_FIRST_MS = 250;
const RETRY_CEILING_MS = 5_000;
/** A loop that ran this long without losing the database starts its back-off from the first delay. */
const RETRY_RESET_MS = 30_000;

interface Loop {
  done: Promise<void>;
  wake: () => void;
  interrupts: { pending: boolean; clear(): void };
  /** Started again while finishing: run once more after it ends. */
  again: boolean;
}

/**
 * The loops of one kind of job on this instance: at most one per job, and only while this instance
 * holds the job's lease. A subclass says what one job does (`work`), which jobs should be running
 * (`wanted`) and how a failure is told (`failed`).
 */
export abstract class LeasedJobs {
  private readonly loops = new Map<number, Loop>();
  /** Stopping: loops end after their current step. */
  protected killed = false;
  /** Crashed (tests): loops are abandoned and their leases left to expire. */
  protected crashed = false;
  private stopWatching = () => {};

  constructor(
    private readonly kind: LeaseKind,
    private readonly leases: JobLeases,
    private readonly bus: ClusterBus,
  ) {
    bus.subscribe(`${kind}.wake`, (id) => this.loops.get(Number(id))?.wake());
  }

  /** Runs one job until it ends; called only while this instance holds its lease. */
  protected abstract work(id: number, wait: Wait, interrupts: Interrupts): Promise<void>;
  /** The ids of the jobs that should be running (a query answering `id`). */
  protected abstract wanted(): SQL;
  protected abstract failed(id: number, error: unknown): Promise<void>;

  isRunning(id: number) {
    return this.loops.has(id);
  }

  /** Starts the job's loop here, unless another instance holds it (the caller has marked it running). */
  start(id: number) {
    if (this.killed) return;
    const running = this.loops.get(id);
    if (running) {
      running.again = true;
      return;
    }
    let wake = () => {};
    const wait: Wait = (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const interrupts = {
      pending: false,
      clear() {
        this.pending = false;
      },
    };
    const loop: Loop = {
      wake: () => {
        interrupts.pending = true;
        wake();
      },
      interrupts,
      done: Promise.resolve(),
      again: false,
    };
    loop.done = this.run(id, wait, interrupts)
      .catch(async (error: unknown) => {
        if (error instanceof LeaseLost) return;
        // The database went away (a failover, a restart, a cut), or rolled the step back for a
        // deadlock with another job's step: nothing is wrong with the job. The step's transaction
        // rolled back; the loop starts again once the back-off has passed, and its first step
        // settles whatever the interrupted round had sent.
        if (worthRetrying(error)) {
          if (this.killed) return;
          await wait(this.retryDelay(id));
          loop.again = !this.killed;
          return;
        }
        return this.failed(id, error);
      })
      .catch(() => {})
      .finally(() => {
        this.loops.delete(id);
        if (loop.again) this.start(id);
      });
    this.loops.set(id, loop);
  }

  /** Consecutive database losses per job, for the back-off. */
  private readonly retries = new Map<number, { count: number; at: number }>();

  private retryDelay(id: number) {
    const now = performance.now();
    const last = this.retries.get(id);
    const count = last && now - last.at < RETRY_RESET_MS ? last.count + 1 : 0;
    this.retries.set(id, { count, at: now });
    const delay = Math.min(RETRY_CEILING_MS, RETRY_FIRST_MS * 2 ** count);
    // Instances that lost the database together do not all come back in the same instant.
    return delay / 2 + Math.random() * (delay / 2);
  }

  /** Ends the job's wait at once, on whichever instance runs it (a step in flight finishes first). */
  wake(id: number) {
    this.loops.get(id)?.wake();
    this.bus.publish(`${this.kind}.wake`, id);
  }

  /** The lease went elsewhere: the loop wakes, finds out in its next step and ends. */
  leaseLost(id: number) {
    this.loops.get(id)?.wake();
  }

  /** Takes the wanted jobs no live instance holds: now, and every few seconds from here on. */
  protected async watchForOrphans() {
    await this.adoptOrphans();
    this.stopWatching();
    this.stopWatching = this.leases.watch(() => this.adoptOrphans());
  }

  async adoptOrphans() {
    if (this.killed) return;
    for (const id of await this.leases.orphans(this.kind, this.wanted()))
      if (!this.loops.has(id)) this.start(id);
  }

  /** Inside a step's transaction: the step goes ahead only while this instance holds the lease. */
  protected confirmLease(tx: unknown, id: number) {
    return this.leases.confirm(tx as Db, this.kind, id);
  }

  /**
   * Whether this instance certainly still holds the job's lease for a good while (a quarter of its
   * length): a job checks before each send, so that a database it cannot reach never leaves it sending
   * what another instance, taking the lease over, settles.
   */
  protected leaseSecure(id: number) {
    return this.leases.secure(this.kind, id, this.leases.ttlMs / 4);
  }

  /** Finishes current steps and stops every loop, handing their jobs to the other instances. */
  async stopAll() {
    this.killed = true;
    this.stopWatching();
    for (const loop of this.loops.values()) loop.wake();
    await Promise.all([...this.loops.values()].map((loop) => loop.done));
  }

  /** Abandons every loop where it stands and keeps its leases, as a crash would (tests). */
  kill() {
    this.killed = true;
    this.crashed = true;
    this.stopWatching();
    for (const loop of this.loops.values()) loop.wake();
  }

  private async run(id: number, wait: Wait, interrupts: Interrupts) {
    if (!(await this.leases.acquire(this.kind, id))) return;
    let keepLease = false;
    try {
      await this.work(id, wait, interrupts);
    } catch (error) {
      // Lost the database or crossed another step: the lease stays, so this instance goes on with
      // the job once the back-off has passed.
      keepLease = worthRetrying(error) && !this.killed;
      throw error;
    } finally {
      // A crash leaves the lease to expire; anything else hands the job over at once.
      if (!this.crashed && !keepLease) await this.leases.release(this.kind, id).catch(() => {});
    }
  }
}
