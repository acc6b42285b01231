import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { idParamSchema, type Role, type Message } from '@blaster/contract';
import type { AppContext } from '../context';
import { HttpError, unlessTaken } from './errors';
import { route } from './routes';

interface UniqueRecordsSpec<Row, SaveBody extends z.ZodType, UpdateBody extends z.ZodType> {
  table: PgTable;
  id: PgColumn;
  /** The form field of the value no two records may share (a unique column), and its refusal. */
  unique: { field: string; taken: Message };
  access: readonly Role[];
  save: { url: string; body: SaveBody };
  /** The record's own path with `:id` in it (read, update, delete). */
  one: { url: string; body: UpdateBody; notFound: Message };
  /** The key the record is answered under. */
  answerKey: string;
  present: (row: Row) => unknown;
  /** The columns an update writes (a body may carry more fields than the table takes). */
  updates: (body: z.output<UpdateBody>) => Record<string, unknown>;
  /** The columns a save writes (default: the body as it is). */
  values?: (body: z.output<SaveBody>) => Record<string, unknown>;
}

/**
 * Save, read, update and delete for a table of records told apart by one unique text column
 * (phone numbers by number, proxies by value): a second record with the same value is refused
 * with the spec's "taken" message on the field it was typed into.
 */
export function uniqueRecordRoutes<Row, SaveBody extends z.ZodType, UpdateBody extends z.ZodType>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: UniqueRecordsSpec<Row, SaveBody, UpdateBody>,
) {
  const taken = () =>
    new HttpError(400, spec.unique.taken, { errors: { [spec.unique.field]: spec.unique.taken } });
  const answer = (row: unknown) => ({ [spec.answerKey]: spec.present(row as Row), msg: 'OK' });

  const find = async (id: number) => {
    const [row] = await ctx.db.select().from(spec.table).where(eq(spec.id, id));
    if (!row) throw new HttpError(404, spec.one.notFound);
    return row;
  };

  route(app, ctx, {
    method: 'POST',
    url: spec.save.url,
    access: spec.access,
    body: spec.save.body,
    handler: async ({ body }) => {
      const [row] = await ctx.db
        .insert(spec.table)
        .values((spec.values ? spec.values(body) : body) as never)
        .onConflictDoNothing()
        .returning();
      if (!row) throw taken();
      return answer(row);
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: spec.one.url,
    access: spec.access,
    params: idParamSchema,
    handler: async ({ params }) => ({ [spec.answerKey]: spec.present((await find(params.id)) as Row) }),
  });

  route(app, ctx, {
    method: 'PUT',
    url: spec.one.url,
    access: spec.access,
    params: idParamSchema,
    body: spec.one.body,
    handler: async ({ params, body }) => {
      await find(params.id);
      // The unique index decides whether another record holds the value, race or no race.
      const [row] = await unlessTaken(
        ctx.db
          .update(spec.table)
          .set(spec.updates(body) as never)
          .where(eq(spec.id, params.id))
          .returning(),
        taken,
      );
      return answer(row);
    },
  });

  route(app, ctx, {
    method: 'DELETE',
    url: spec.one.url,
    access: spec.access,
    params: idParamSchema,
    handler: async ({ params }) => {
      const [row] = await ctx.db.delete(spec.table).where(eq(spec.id, params.id)).returning();
      if (!row) throw new HttpError(404, spec.one.notFound);
      return { msg: 'OK' };
    },
  });
}
