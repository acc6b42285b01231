import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  API,
  MSG,
  UPLOAD_LIMITS,
  toCsv,
  validatorBodySchema,
  type LookupKind,
  type generatorBodySchema,
  type lookupPageQuerySchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { lookupJobs, lookupResults, whatsappAccounts } from '../../db/schema';
import { connectedSession } from '../../domain/accounts';
import { progressOf, validatorTargets, type LookupJob } from '../../jobs/lookup';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import type { AuthUser } from '../../lib/routes';
import { readRecords } from '../../lib/rows';
import { accountMatches } from '../../lib/search';
import { receiveStoredForm } from '../../lib/uploads';

type AccountRow = typeof whatsappAccounts.$inferSelect;

function present(job: LookupJob, account: AccountRow | null) {
  return {
    id: job.id,
    user_id: job.userId,
    whatsapp_id: job.whatsappId,
    start_number: job.startNumber,
    end_number: job.endNumber,
    fileUrl: job.kind === 'validator' ? API.validatorFile(job.id) : null,
    fileName: job.fileName,
    b_insert: job.bInsert,
    interval_min: job.intervalMin,
    interval_max: job.intervalMax,
    count_success: job.countSuccess,
    count_fail: job.countFail,
    status: job.status as 'idle' | 'running' | 'finished' | 'error',
    state: account?.state ?? job.state,
    progress: progressOf(job),
    position: job.position,
    total: job.total,
    current_number: job.currentNumber,
    Whatsapp: account
      ? {
          id: account.id,
          pushname: account.pushname,
          phonenumber: account.phonenumber,
          clientid: account.clientid,
        }
      : null,
  };
}

/** Refused start or stop: the spec's 'Forbidden' dialog text, in the error field. */
export class LookupRefused extends HttpError {
  constructor(accountId: number | null) {
    super(400, MSG.connectionLostReconnect, {
      msg: MSG.connectionLostReconnect,
      error: MSG.connectionLostReconnect,
      title: MSG.forbiddenTitle,
      whatsapp_id: accountId,
    });
  }
}

/** A job the caller may see: dev any, everyone else their own. */
async function jobFor(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const [job] = await ctx.db
    .select()
    .from(lookupJobs)
    .where(and(eq(lookupJobs.id, id), eq(lookupJobs.kind, kind)));
  if (!job) throw new HttpError(404, MSG.lookupNotFound);
  if (user.role !== 'dev' && job.userId !== user.id) throw new HttpError(403, MSG.forbidden);
  return job;
}

async function accountFor(ctx: AppContext, user: AuthUser, id: number) {
  const [account] = await ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
  if (!account)
    throw new HttpError(400, MSG.whatsappRequired, { errors: { whatsapp_id: MSG.whatsappRequired } });
  assertOwnerOrOperator(user, account.userId);
  return account;
}

async function accountOf(ctx: AppContext, job: LookupJob) {
  const [account] = await ctx.db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, job.whatsappId));
  return account ?? null;
}

const notRunning = (job: LookupJob) => {
  if (job.status === 'running') throw new HttpError(400, MSG.lookupRunning);
};

export async function pageOfJobs(
  ctx: AppContext,
  user: AuthUser,
  kind: LookupKind,
  query: z.output<typeof lookupPageQuerySchema>,
) {
  const conditions: SQL[] = [eq(lookupJobs.kind, kind)];
  // Dev sees everyone's items (user_id null); everyone else their own.
  const owner = user.role === 'dev' ? (typeof query.user_id === 'number' ? query.user_id : null) : user.id;
  if (owner !== null) conditions.push(eq(lookupJobs.userId, owner));
  if (query.search) conditions.push(accountMatches(query.search));
  const withAccounts = () =>
    ctx.db
      .select({ job: lookupJobs, account: whatsappAccounts })
      .from(lookupJobs)
      .leftJoin(whatsappAccounts, eq(whatsappAccounts.id, lookupJobs.whatsappId));
  const { ids, meta } = await readPage(
    ctx.db,
    {
      table: lookupJobs,
      id: lookupJobs.id,
      ids: () =>
        ctx.db
          .select({ id: lookupJobs.id })
          .from(lookupJobs)
          .leftJoin(whatsappAccounts, eq(whatsappAccounts.id, lookupJobs.whatsappId))
          .$dynamic(),
      direction: 'desc',
      where: and(...conditions),
    },
    query,
  );
  const rows = ids.length
    ? await withAccounts().where(inArray(lookupJobs.id, ids)).orderBy(desc(lookupJobs.id))
    : [];
  return { data: rows.map((row) => present(row.job, row.account)), meta };
}

export async function showJob(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const job = await jobFor(ctx, user, kind, id);
  return present(job, await accountOf(ctx, job));
}

export async function deleteJob(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const job = await editableJob(ctx, user, kind, id);
  await ctx.db.delete(lookupJobs).where(eq(lookupJobs.id, job.id));
  if (job.filePath) await rm(job.filePath, { force: true });
  return { msg: 'OK' };
}

/** Starts or stops a job; either needs its account connected. A finished job starts from the beginning. */
export async function toggleJob(
  ctx: AppContext,
  user: AuthUser,
  kind: LookupKind,
  id: number,
  action: 'start' | 'stop',
) {
  const job = await jobFor(ctx, user, kind, id);
  const account = await accountOf(ctx, job);
  if (!account || !(await connectedSession(ctx.gateway, account)))
    throw new LookupRefused(account?.id ?? null);
  if (action === 'start') {
    const restart =
      job.status === 'finished' ? { position: 0, countSuccess: 0, countFail: 0, currentNumber: null } : {};
    if (restart.position === 0) await ctx.db.delete(lookupResults).where(eq(lookupResults.jobId, job.id));
    const [running] = await ctx.db
      .update(lookupJobs)
      .set({ status: 'running', state: 'connected', ...restart })
      .where(eq(lookupJobs.id, job.id))
      .returning();
    ctx.lookups.start(job.id);
    return { [kind]: present(running!, account), msg: 'OK' };
  }
  const [idle] = await ctx.db
    .update(lookupJobs)
    .set({ status: 'idle' })
    .where(eq(lookupJobs.id, job.id))
    .returning();
  ctx.lookups.wake(job.id);
  ctx.lookups.publish(idle!, 'stop');
  return { [kind]: present(idle!, account), msg: 'OK' };
}

/** The numbers a job found on the network, in the order it checked them. */
export async function foundNumbers(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const job = await jobFor(ctx, user, kind, id);
  const rows = await ctx.db
    .select({ number: lookupResults.number, name: lookupResults.name })
    .from(lookupResults)
    .where(and(eq(lookupResults.jobId, job.id), eq(lookupResults.found, true)))
    .orderBy(asc(lookupResults.position));
  return { list: rows };
}

export async function createGenerator(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof generatorBodySchema>,
) {
  const account = await accountFor(ctx, user, body.whatsapp_id);
  const [job] = await ctx.db
    .insert(lookupJobs)
    .values({
      kind: 'generator',
      userId: account.userId,
      whatsappId: account.id,
      startNumber: body.start_number,
      endNumber: body.end_number,
      bInsert: body.b_insert,
      intervalMin: body.interval_min,
      intervalMax: body.interval_max,
      total: Number(body.end_number) - Number(body.start_number) + 1,
      state: account.state,
    })
    .returning();
  return { generator: present(job!, account), msg: 'OK' };
}

/** An edit changes the account and the pacing; the range or the file stays as it was created. */
async function updatePacing(
  ctx: AppContext,
  user: AuthUser,
  job: LookupJob,
  body: { whatsapp_id: number; b_insert: 0 | 1; interval_min: number; interval_max: number },
) {
  const account = await accountFor(ctx, user, body.whatsapp_id);
  const [updated] = await ctx.db
    .update(lookupJobs)
    .set({
      whatsappId: account.id,
      bInsert: body.b_insert,
      intervalMin: body.interval_min,
      intervalMax: body.interval_max,
    })
    .where(eq(lookupJobs.id, job.id))
    .returning();
  return { [job.kind]: present(updated!, account), msg: 'OK' };
}

/** A job that may be edited: the caller's (or any for dev), and not running. */
async function editableJob(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const job = await jobFor(ctx, user, kind, id);
  notRunning(job);
  return job;
}

export async function updateGenerator(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  body: z.output<typeof generatorBodySchema>,
) {
  return updatePacing(ctx, user, await editableJob(ctx, user, 'generator', id), body);
}

/** Validators come as multipart bodies with the number file. */
async function readValidatorForm(ctx: AppContext, request: FastifyRequest, needFile: boolean) {
  const { fields, file } = await receiveStoredForm(request, {
    maxBytes: UPLOAD_LIMITS.list,
    extensions: ['csv', 'json'],
    typeError: MSG.fileTypeCsvJson,
    dir: join(ctx.config.dataDir, 'validator-files'),
  });
  if (needFile && !file) throw new HttpError(400, MSG.fileRequired, { errors: { file: MSG.fileRequired } });
  return { fields, file: file && { path: file.path, name: file.original } };
}

export async function createValidator(ctx: AppContext, user: AuthUser, request: FastifyRequest) {
  const { fields, file } = await readValidatorForm(ctx, request, true);
  try {
    const body = validatorBodySchema.parse(fields);
    const account = await accountFor(ctx, user, body.whatsapp_id);
    const total = (await validatorTargets(file!.path)).length;
    if (total === 0) throw new HttpError(400, MSG.fileEmpty, { errors: { file: MSG.fileEmpty } });
    const [job] = await ctx.db
      .insert(lookupJobs)
      .values({
        kind: 'validator',
        userId: account.userId,
        whatsappId: account.id,
        filePath: file!.path,
        fileName: file!.name,
        bInsert: body.b_insert,
        intervalMin: body.interval_min,
        intervalMax: body.interval_max,
        total,
        state: account.state,
      })
      .returning();
    return { validator: present(job!, account), msg: 'OK' };
  } catch (error) {
    await rm(file!.path, { force: true });
    throw error;
  }
}

export async function updateValidator(ctx: AppContext, user: AuthUser, id: number, request: FastifyRequest) {
  // The job is checked before the upload is read, so a refused edit stores nothing.
  const job = await editableJob(ctx, user, 'validator', id);
  const { fields } = await readValidatorForm(ctx, request, false);
  return updatePacing(ctx, user, job, validatorBodySchema.parse(fields));
}

/**
 * A validator's stored file, for download. It came from its owner and may be opened by an operator in
 * a spreadsheet: a CSV's cells are written out again with formula-like ones made inert.
 */
export async function validatorFile(ctx: AppContext, user: AuthUser, id: number) {
  const job = await jobFor(ctx, user, 'validator', id);
  const stored = await readFile(job.filePath!).catch(() => null);
  if (!stored) throw new HttpError(404, MSG.lookupNotFound);
  const json = job.filePath!.endsWith('.json');
  return {
    json,
    fileName: (job.fileName ?? 'file').replace(/[^\w.-]/g, '_'),
    content: json ? stored : await inertCsvFile(stored),
  };
}

async function inertCsvFile(content: Buffer) {
  const rows: unknown[][] = [];
  for await (const record of readRecords(Readable.from([content]), 'csv')) rows.push(record as string[]);
  return `${toCsv(rows)}\r\n`;
}
