import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { LOOKUP_SORT_KEYS, LookupKind, SortDirection } from '@blaster/contract';
import type { Db } from '../../db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { lookupJobs, lookupProgress, lookupResults, lookupTarget, whatsappAccounts } from '../../db/schema';
import type { LookupJob } from '../../jobs/lookup';
import { inPageOrder, readPage, type PageRequest } from '../../lib/paging';
import { accountMatches } from '../../lib/search';

export type AccountRecord = typeof whatsappAccounts.$inferSelect;
export type NewLookupJob = typeof lookupJobs.$inferInsert;
export type JobChanges = Partial<NewLookupJob>;

/** A sort the job lists offer, and its direction; without one, newest first. */
export interface LookupSort {
  sort?: (typeof LOOKUP_SORT_KEYS)[number];
  dir?: SortDirection;
}
/** Each sort key as its index holds it after the kind (lookup_jobs_*_idx). */
const lookupSortKeys: Record<NonNullable<LookupSort['sort']>, AnyPgColumn | SQL> = {
  created: lookupJobs.createdAt,
  target: lookupTarget(lookupJobs),
  success: lookupJobs.countSuccess,
  failed: lookupJobs.countFail,
  progress: lookupProgress(lookupJobs),
};

/** The lookup jobs, their found numbers and the accounts they run on: every statement the module runs. */
export const lookupRepository = {
  async job(db: Db, kind: LookupKind, id: number): Promise<LookupJob | undefined> {
    const [job] = await db
      .select()
      .from(lookupJobs)
      .where(and(eq(lookupJobs.id, id), eq(lookupJobs.kind, kind)));
    return job;
  },

  async account(db: Db, id: number): Promise<AccountRecord | undefined> {
    const [account] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
    return account;
  },

  /**
   * One page of a kind's jobs with their accounts, newest first or in the sort asked; `owner` null
   * for everyone's.
   */
  async page(
    db: Db,
    filter: { kind: LookupKind; owner: number | null; search?: string },
    request: PageRequest & LookupSort,
  ) {
    const conditions: SQL[] = [eq(lookupJobs.kind, filter.kind)];
    if (filter.owner !== null) conditions.push(eq(lookupJobs.userId, filter.owner));
    if (filter.search) conditions.push(accountMatches(filter.search));
    const { ids, meta } = await readPage(
      db,
      {
        table: lookupJobs,
        ids: () =>
          db
            .select({ id: lookupJobs.id })
            .from(lookupJobs)
            .leftJoin(whatsappAccounts, eq(whatsappAccounts.id, lookupJobs.whatsappId))
            .$dynamic(),
        // Without a sort, newest first: the id's order, as jobs get their id when added.
        orderBy: request.sort ? [lookupSortKeys[request.sort]] : [],
        direction: request.sort ? (request.dir ?? 'asc') : 'desc',
        where: and(...conditions),
      },
      request,
    );
    const rows = ids.length
      ? await db
          .select({ job: lookupJobs, account: whatsappAccounts })
          .from(lookupJobs)
          .leftJoin(whatsappAccounts, eq(whatsappAccounts.id, lookupJobs.whatsappId))
          .where(inArray(lookupJobs.id, ids))
      : [];
    return { rows: inPageOrder(ids, rows, (row) => row.job.id), meta };
  },

  async insert(db: Db, values: NewLookupJob): Promise<LookupJob> {
    const [job] = await db.insert(lookupJobs).values(values).returning();
    return job!;
  },

  async update(db: Db, id: number, changes: JobChanges): Promise<LookupJob> {
    const [job] = await db.update(lookupJobs).set(changes).where(eq(lookupJobs.id, id)).returning();
    return job!;
  },

  async delete(db: Db, id: number): Promise<void> {
    await db.delete(lookupJobs).where(eq(lookupJobs.id, id));
  },

  async clearResults(db: Db, jobId: number): Promise<void> {
    await db.delete(lookupResults).where(eq(lookupResults.jobId, jobId));
  },

  /** The numbers a job found, in the order it checked them. */
  found: (db: Db, jobId: number) =>
    db
      .select({ number: lookupResults.number, name: lookupResults.name })
      .from(lookupResults)
      .where(and(eq(lookupResults.jobId, jobId), eq(lookupResults.found, true)))
      .orderBy(asc(lookupResults.position)),
};
