import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import {
  REALTIME_CHANNEL_ADMIN,
  isValidNumber,
  normalizeNumber,
  type LookupEvent,
  type LookupEventName,
  type LookupKind,
} from '@blaster/contract';
import { LeasedJobs, type Wait } from '../cluster/leased-jobs';
import { lookupJobs, lookupResults, phoneNumbers, whatsappAccounts } from '../db/schema';
import { columnReader, readRecords } from '../lib/rows';
import { Readable } from 'node:stream';
import { connectedSession, publishAccountEvent } from '../domain/accounts';
import type { JobRunnerOptions } from './runner-options';

export type LookupJob = typeof lookupJobs.$inferSelect;
type Target = { number: string; name: string };

const EVENTS: Record<LookupKind, { step: LookupEventName; error: LookupEventName }> = {
  generator: { step: 'generating', error: 'error_generate' },
  validator: { step: 'validating', error: 'error_validate' },
};

export const progressOf = (job: Pick<LookupJob, 'position' | 'total'>) =>
  job.total > 0 ? Math.min(100, (job.position / job.total) * 100) : 0;

/** The numbers of a validator's file, normalized, valid and each once, in file order. */
export async function validatorTargets(path: string): Promise<Target[]> {
  const content = await readFile(path);
  const extension = path.endsWith('.json') ? 'json' : 'csv';
  const read = columnReader({
    number: ['number', 'nomor', 'phone', 'phonenumber', 'phone_number', 'telepon'],
    name: ['name', 'nama'],
  });
  const seen = new Set<string>();
  const targets: Target[] = [];
  for await (const record of readRecords(Readable.from([content]), extension)) {
    const row = read(record);
    if (row === 'header') continue;
    const number = normalizeNumber(row.number);
    if (!isValidNumber(number) || seen.has(number)) continue;
    seen.add(number);
    targets.push({ number, name: row.name || number });
  }
  return targets;
}

export type LookupRunnerOptions = JobRunnerOptions;

/**
 * Runs generators and validators: one number at a time, each result and the job's position written in
 * one transaction, so a restart resumes at the next number with no gap and no repeat.
 */
export class LookupRunner extends LeasedJobs {
  constructor(private readonly options: LookupRunnerOptions) {
    super('lookup', options.leases, options.bus);
  }

  publish(
    job: LookupJob,
    event: LookupEventName,
    extra: Omit<LookupEvent['payload'], LookupKind | 'date'> = {},
  ) {
    const message: LookupEvent = {
      event,
      payload: {
        [job.kind]: {
          id: job.id,
          count_success: job.countSuccess,
          count_fail: job.countFail,
          status: job.status,
          progress: progressOf(job),
          position: job.position,
          total: job.total,
          current_number: job.currentNumber,
        },
        date: new Date().toISOString(),
        ...extra,
      },
      sender: { id: job.id, user_id: job.userId, state: job.state, status: job.status },
    };
    this.options.hub.publish(job.userId, message);
    this.options.hub.publish(REALTIME_CHANNEL_ADMIN, message);
  }

  /** Takes every running job no other instance holds, now and every few seconds. */
  async resume() {
    await this.watchForOrphans();
  }

  protected wanted() {
    return sql`select ${lookupJobs.id} as id from ${lookupJobs} where ${lookupJobs.status} = 'running'`;
  }

  protected async failed(id: number, error: unknown) {
    const [job] = await this.options.db
      .update(lookupJobs)
      .set({ status: 'error' })
      .where(eq(lookupJobs.id, id))
      .returning();
    if (job) this.publish(job, EVENTS[job.kind].error, { message: String(error) });
  }

  protected async work(id: number, wait: Wait) {
    const { db, gateway } = this.options;
    const [loaded] = await db.select().from(lookupJobs).where(eq(lookupJobs.id, id));
    if (!loaded || loaded.status !== 'running') return;
    let job = loaded;
    const targets = job.kind === 'validator' ? await validatorTargets(job.filePath!) : null;
    // While the job runs, its account's row on the account list reads 'Generating...' or
    // 'Validating...' (the progressing event); value false once the job stops, ends or fails.
    const jobRef = { kind: job.kind, jobId: job.id };
    let busy: typeof whatsappAccounts.$inferSelect | null = null;
    try {
      for (;;) {
        if (this.killed) return;
        const [account] = await db
          .select()
          .from(whatsappAccounts)
          .where(eq(whatsappAccounts.id, job.whatsappId));
        if (!account || !(await connectedSession(gateway, account)))
          return await this.accountLost(job, account);
        if (job.position >= job.total) return await this.finish(id);
        const target: Target =
          job.kind === 'generator'
            ? { number: String(BigInt(job.startNumber!) + BigInt(job.position)), name: '' }
            : targets![job.position]!;
        this.publish(job, EVENTS[job.kind].step, { number: target.number });
        if (!busy) {
          busy = account;
          publishAccountEvent(this.options.hub, account, 'progressing', { ...jobRef, value: true });
        }
        const found = await gateway.hasAccount(account.clientid, target.number);
        if (this.killed) return;
        const updated = await this.record(job, target, found);
        if (!updated) return;
        job = updated;
        this.publish(job, 'update_target', { number: target.number, found });
        if (job.status !== 'running') return;
        const pause = this.pauseAfter(job);
        if (pause > 0) await wait(pause);
      }
    } finally {
      if (busy) publishAccountEvent(this.options.hub, busy, 'progressing', { ...jobRef, value: false });
    }
  }

  /** The job's account is gone or not connected: the job ends in error with the account's state. */
  private async accountLost(job: LookupJob, account: typeof whatsappAccounts.$inferSelect | undefined) {
    const { db, gateway } = this.options;
    const state = account ? (gateway.state(account.clientid) ?? account.state) : null;
    const [failed] = await db.transaction(async (tx) => {
      await this.confirmLease(tx, job.id);
      return tx
        .update(lookupJobs)
        .set({ status: 'error', state })
        .where(eq(lookupJobs.id, job.id))
        .returning();
    });
    this.publish(failed!, EVENTS[job.kind].error, { progress: 100 });
  }

  /** Every number was looked up; a job stopped meanwhile stays stopped. */
  private async finish(id: number) {
    const [done] = await this.options.db
      .update(lookupJobs)
      .set({ status: 'finished', currentNumber: null })
      .where(and(eq(lookupJobs.id, id), eq(lookupJobs.status, 'running')))
      .returning();
    if (done) this.publish(done, 'finished', { progress: 100 });
  }

  /**
   * The result and the new position in one transaction; null when another worker moved the position
   * on first. A stop shows as a status no longer running on the job answered.
   */
  private async record(job: LookupJob, target: Target, found: boolean): Promise<LookupJob | null> {
    const { id, position, bInsert } = job;
    const name = target.name || target.number;
    const [updated] = await this.options.db.transaction(async (tx) => {
      await this.confirmLease(tx, id);
      const recorded = await tx
        .insert(lookupResults)
        .values({ jobId: id, position, number: target.number, name, found })
        .onConflictDoNothing()
        .returning({ found: lookupResults.found });
      const counted = recorded.length > 0;
      if (counted && found && bInsert)
        await tx.insert(phoneNumbers).values({ number: target.number, name }).onConflictDoNothing();
      return tx
        .update(lookupJobs)
        .set({
          position: sql`${lookupJobs.position} + 1`,
          countSuccess: sql`${lookupJobs.countSuccess} + ${counted && found ? 1 : 0}`,
          countFail: sql`${lookupJobs.countFail} + ${counted && !found ? 1 : 0}`,
          currentNumber: target.number,
          state: 'connected',
        })
        .where(and(eq(lookupJobs.id, id), eq(lookupJobs.position, position)))
        .returning();
    });
    return updated ?? null;
  }

  /** The wait before the next number: a whole number of seconds between the job's bounds, scaled. */
  private pauseAfter(job: LookupJob) {
    const min = job.intervalMin;
    const max = Math.max(min, job.intervalMax);
    const seconds = min + Math.floor((this.options.random ?? Math.random)() * (max - min + 1));
    return seconds * 1000 * this.options.timeScale;
  }
}
