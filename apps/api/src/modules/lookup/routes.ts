import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, type SQL, inArray } from 'drizzle-orm';
import {
  API,
  MSG,
  UPLOAD_LIMITS,
  generatorBodySchema,
  idParamSchema,
  lookupIdBodySchema,
  lookupPageQuerySchema,
  toCsv,
  validatorBodySchema,
  type LookupKind,
  type Role,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { accountMatches } from '../../lib/search';
import { lookupJobs, lookupResults, whatsappAccounts } from '../../db/schema';
import { progressOf, validatorTargets, type LookupJob } from '../../jobs/lookup';
import { connectedSession } from '../../domain/accounts';
import { assertOwnerOrOperator } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import { readRecords } from '../../lib/rows';
import { receiveStoredForm } from '../../lib/uploads';
import { readPage } from '../../lib/paging';
import { route, type AuthUser } from '../../lib/routes';

/** Generators and validators belong to dev, admin and staff (spec 02 §2). */
const LOOKUP_ROLES: readonly Role[] = ['dev', 'admin', 'staff'];

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

/** A stored CSV file written out again through the shared CSV writer (no cell opens as a formula). */
async function inertCsvFile(content: Buffer) {
  const rows: unknown[][] = [];
  for await (const record of readRecords(Readable.from([content]), 'csv')) rows.push(record as string[]);
  return `${toCsv(rows)}\r\n`;
}

export function lookupRoutes(app: FastifyInstance, ctx: AppContext) {
  const filesDir = join(ctx.config.dataDir, 'validator-files');

  /** A job the caller may see: dev any, everyone else their own (spec 02 §6). */
  const jobFor = async (user: AuthUser, kind: LookupKind, id: number) => {
    const [job] = await ctx.db
      .select()
      .from(lookupJobs)
      .where(and(eq(lookupJobs.id, id), eq(lookupJobs.kind, kind)));
    if (!job) throw new HttpError(404, MSG.lookupNotFound);
    if (user.role !== 'dev' && job.userId !== user.id) throw new HttpError(403, MSG.forbidden);
    return job;
  };
  const accountFor = async (user: AuthUser, id: number) => {
    const [account] = await ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
    if (!account)
      throw new HttpError(400, MSG.whatsappRequired, { errors: { whatsapp_id: MSG.whatsappRequired } });
    assertOwnerOrOperator(user, account.userId);
    return account;
  };
  const withAccount = async (job: LookupJob) => {
    const [account] = await ctx.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, job.whatsappId));
    return present(job, account ?? null);
  };
  const notRunning = (job: LookupJob) => {
    if (job.status === 'running') throw new HttpError(400, MSG.lookupRunning);
  };

  for (const kind of ['generator', 'validator'] as const) {
    route(app, ctx, {
      method: 'GET',
      url: API.lookupPerPage(kind),
      access: LOOKUP_ROLES,
      query: lookupPageQuerySchema,
      handler: async ({ query, user }) => {
        const conditions: SQL[] = [eq(lookupJobs.kind, kind)];
        // Dev sees everyone's items (user_id null); everyone else their own (spec 02 §6).
        const owner =
          user.role === 'dev' ? (typeof query.user_id === 'number' ? query.user_id : null) : user.id;
        if (owner !== null) conditions.push(eq(lookupJobs.userId, owner));
        if (query.search) {
          conditions.push(accountMatches(query.search));
        }
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
          ? await ctx.db
              .select({ job: lookupJobs, account: whatsappAccounts })
              .from(lookupJobs)
              .leftJoin(whatsappAccounts, eq(whatsappAccounts.id, lookupJobs.whatsappId))
              .where(inArray(lookupJobs.id, ids))
              .orderBy(desc(lookupJobs.id))
          : [];
        return { data: rows.map((row) => present(row.job, row.account)), meta };
      },
    });

    route(app, ctx, {
      method: 'GET',
      url: API.lookup(kind, ':id'),
      access: LOOKUP_ROLES,
      params: idParamSchema,
      handler: async ({ params, user }) => ({
        [kind]: await withAccount(await jobFor(user, kind, params.id)),
      }),
    });

    route(app, ctx, {
      method: 'DELETE',
      url: API.lookup(kind, ':id'),
      access: LOOKUP_ROLES,
      params: idParamSchema,
      handler: async ({ params, user }) => {
        const job = await jobFor(user, kind, params.id);
        notRunning(job);
        await ctx.db.delete(lookupJobs).where(eq(lookupJobs.id, job.id));
        if (job.filePath) await rm(job.filePath, { force: true });
        return { msg: 'OK' };
      },
    });

    const toggle = (action: 'start' | 'stop') =>
      route(app, ctx, {
        method: 'POST',
        url: action === 'start' ? API.lookupStart(kind) : API.lookupStop(kind),
        access: LOOKUP_ROLES,
        body: lookupIdBodySchema,
        handler: async ({ body, user, reply }) => {
          const job = await jobFor(user, kind, body.id);
          const [account] = await ctx.db
            .select()
            .from(whatsappAccounts)
            .where(eq(whatsappAccounts.id, job.whatsappId));
          if (!account || !(await connectedSession(ctx.gateway, account)))
            return refuse(reply, account?.id ?? null);
          if (action === 'start') {
            // A finished job starts again from the beginning.
            const restart =
              job.status === 'finished'
                ? { position: 0, countSuccess: 0, countFail: 0, currentNumber: null }
                : {};
            if (restart.position === 0)
              await ctx.db.delete(lookupResults).where(eq(lookupResults.jobId, job.id));
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
        },
      });
    toggle('start');
    toggle('stop');

    route(app, ctx, {
      method: 'GET',
      url: API.lookupResult(kind, ':id'),
      access: LOOKUP_ROLES,
      params: idParamSchema,
      handler: async ({ params, user }) => {
        const job = await jobFor(user, kind, params.id);
        const rows = await ctx.db
          .select({ number: lookupResults.number, name: lookupResults.name })
          .from(lookupResults)
          .where(and(eq(lookupResults.jobId, job.id), eq(lookupResults.found, true)))
          .orderBy(asc(lookupResults.position));
        return { list: rows };
      },
    });
  }

  /** Refused start/stop: the spec's 'Forbidden' dialog text, in the error field. */
  function refuse(reply: FastifyReply, accountId: number | null) {
    return reply.status(400).send({
      msg: MSG.connectionLostReconnect,
      error: MSG.connectionLostReconnect,
      title: MSG.forbiddenTitle,
      whatsapp_id: accountId,
    });
  }

  // Generators: JSON bodies.
  route(app, ctx, {
    method: 'POST',
    url: API.lookupCreate('generator'),
    access: LOOKUP_ROLES,
    body: generatorBodySchema,
    handler: async ({ body, user }) => {
      const account = await accountFor(user, body.whatsapp_id);
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
    },
  });

  /** An edit changes the account and the pacing; the range or the file stays as it was created. */
  const updatePacing = async (
    jobId: number,
    whatsappId: number,
    body: { b_insert: 0 | 1; interval_min: number; interval_max: number },
  ) => {
    const [updated] = await ctx.db
      .update(lookupJobs)
      .set({
        whatsappId,
        bInsert: body.b_insert,
        intervalMin: body.interval_min,
        intervalMax: body.interval_max,
      })
      .where(eq(lookupJobs.id, jobId))
      .returning();
    return updated!;
  };

  route(app, ctx, {
    method: 'PUT',
    url: API.lookup('generator', ':id'),
    access: LOOKUP_ROLES,
    params: idParamSchema,
    body: generatorBodySchema,
    handler: async ({ params, body, user }) => {
      const job = await jobFor(user, 'generator', params.id);
      notRunning(job);
      const account = await accountFor(user, body.whatsapp_id);
      // The range is fixed once created (the form disables it when editing).
      const updated = await updatePacing(job.id, account.id, body);
      return { generator: present(updated, account), msg: 'OK' };
    },
  });

  // Validators: multipart bodies with the number file.
  const readValidatorForm = async (request: FastifyRequest, needFile: boolean) => {
    const { fields, file } = await receiveStoredForm(request, {
      maxBytes: UPLOAD_LIMITS.list,
      extensions: ['csv', 'json'],
      typeError: MSG.fileTypeCsvJson,
      dir: filesDir,
    });
    if (needFile && !file) throw new HttpError(400, MSG.fileRequired, { errors: { file: MSG.fileRequired } });
    return { fields, file: file && { path: file.path, name: file.original } };
  };

  route(app, ctx, {
    method: 'POST',
    url: API.lookupCreate('validator'),
    access: LOOKUP_ROLES,
    handler: async ({ request, user }) => {
      const { fields, file } = await readValidatorForm(request, true);
      try {
        const body = validatorBodySchema.parse(fields);
        const account = await accountFor(user, body.whatsapp_id);
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
    },
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.lookup('validator', ':id'),
    access: LOOKUP_ROLES,
    params: idParamSchema,
    handler: async ({ request, params, user }) => {
      const job = await jobFor(user, 'validator', Number(params.id));
      notRunning(job);
      const { fields } = await readValidatorForm(request, false);
      const body = validatorBodySchema.parse(fields);
      const account = await accountFor(user, body.whatsapp_id);
      const updated = await updatePacing(job.id, account.id, body);
      return { validator: present(updated, account), msg: 'OK' };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.validatorFile(':id'),
    access: LOOKUP_ROLES,
    params: idParamSchema,
    handler: async ({ params, user, reply }) => {
      const job = await jobFor(user, 'validator', params.id);
      const { readFile } = await import('node:fs/promises');
      const stored = await readFile(job.filePath!).catch(() => null);
      if (!stored) throw new HttpError(404, MSG.lookupNotFound);
      const json = job.filePath!.endsWith('.json');
      // The file came from its owner and may be opened by an operator in a spreadsheet: its cells are
      // written out again with formula-like ones made inert.
      const content = json ? stored : await inertCsvFile(stored);
      return reply
        .header('content-type', json ? 'application/json' : 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${(job.fileName ?? 'file').replace(/[^\w.-]/g, '_')}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  });
}
