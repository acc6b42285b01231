import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  API,
  MSG,
  UPLOAD_LIMITS,
  toCsv,
  validatorBodySchema,
  type LookupKind,
  type LookupRow,
  type generatorBodySchema,
  type lookupPageQuerySchema,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { connectedSession } from '../../domain/accounts';
import { progressOf, validatorTargets, type LookupJob } from '../../jobs/lookup';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import type { AuthUser } from '../../lib/routes';
import { readRecords } from '../../lib/rows';
import { receiveStoredForm } from '../../lib/uploads';
import { lookupRepository as jobs, type AccountRecord } from './repository';

function present(job: LookupJob, account: AccountRecord | null): LookupRow {
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
    createdAt: job.createdAt.toISOString(),
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
  const job = await jobs.job(ctx.db, kind, id);
  if (!job) throw new HttpError(404, MSG.lookupNotFound);
  if (user.role !== 'dev' && job.userId !== user.id) throw new HttpError(403, MSG.forbidden);
  return job;
}

async function accountFor(ctx: AppContext, user: AuthUser, id: number) {
  const account = await jobs.account(ctx.db, id);
  if (!account)
    throw new HttpError(400, MSG.whatsappRequired, { errors: { whatsapp_id: MSG.whatsappRequired } });
  assertOwnerOrOperator(user, account.userId);
  return account;
}

async function accountOf(ctx: AppContext, job: LookupJob) {
  return (await jobs.account(ctx.db, job.whatsappId)) ?? null;
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
  // Dev sees everyone's items (user_id null); everyone else their own.
  const owner = user.role === 'dev' ? (typeof query.user_id === 'number' ? query.user_id : null) : user.id;
  const { rows, meta } = await jobs.page(ctx.db, { kind, owner, search: query.search }, query);
  return { data: rows.map((row) => present(row.job, row.account)), meta };
}

export async function showJob(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const job = await jobFor(ctx, user, kind, id);
  return present(job, await accountOf(ctx, job));
}

export async function deleteJob(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const job = await editableJob(ctx, user, kind, id);
  await jobs.delete(ctx.db, job.id);
  if (job.filePath) await rm(job.filePath, { force: true });
  return { msg: 'OK' };
}

/** A job with its account, which must be connected for a start or a stop. */
async function jobOnConnectedAccount(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const job = await jobFor(ctx, user, kind, id);
  const account = await accountOf(ctx, job);
  if (!account || !(await connectedSession(ctx.gateway, account)))
    throw new LookupRefused(account?.id ?? null);
  return { job, account };
}

/** Starts a job on its connected account; a finished job starts from the beginning. */
export async function startJob(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const { job, account } = await jobOnConnectedAccount(ctx, user, kind, id);
  const restart =
    job.status === 'finished' ? { position: 0, countSuccess: 0, countFail: 0, currentNumber: null } : {};
  if (restart.position === 0) await jobs.clearResults(ctx.db, job.id);
  const running = await jobs.update(ctx.db, job.id, { status: 'running', state: 'connected', ...restart });
  ctx.lookups.start(job.id);
  return present(running, account);
}

/** Stops a job (its account must be connected, as for a start). */
export async function stopJob(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const { job, account } = await jobOnConnectedAccount(ctx, user, kind, id);
  const idle = await jobs.update(ctx.db, job.id, { status: 'idle' });
  ctx.lookups.wake(job.id);
  ctx.lookups.publish(idle, 'stop');
  return present(idle, account);
}

/** The numbers a job found on the network, in the order it checked them. */
export async function foundNumbers(ctx: AppContext, user: AuthUser, kind: LookupKind, id: number) {
  const job = await jobFor(ctx, user, kind, id);
  return { list: await jobs.found(ctx.db, job.id) };
}

export async function createGenerator(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof generatorBodySchema>,
) {
  const account = await accountFor(ctx, user, body.whatsapp_id);
  const job = await jobs.insert(ctx.db, {
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
  });
  return present(job, account);
}

/** An edit changes the account and the pacing; the range or the file stays as it was created. */
async function updatePacing(
  ctx: AppContext,
  user: AuthUser,
  job: LookupJob,
  body: { whatsapp_id: number; b_insert: 0 | 1; interval_min: number; interval_max: number },
) {
  const account = await accountFor(ctx, user, body.whatsapp_id);
  const updated = await jobs.update(ctx.db, job.id, {
    whatsappId: account.id,
    bInsert: body.b_insert,
    intervalMin: body.interval_min,
    intervalMax: body.interval_max,
  });
  return present(updated, account);
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
    const job = await jobs.insert(ctx.db, {
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
    });
    return present(job, account);
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
