import type { FastifyInstance } from 'fastify';
import { asc, count, eq } from 'drizzle-orm';
import {
  API,
  MSG,
  PAGE_SIZE,
  idParamSchema,
  levelBodySchema,
  pageQuerySchema,
  splitList,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { levels } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/paging';
import { OPERATOR_ROLES, route } from '../../lib/routes';
import { readSettings } from '../../domain/settings';
import { recordAudit } from '../audit/service';

export function levelRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Levels in requirement order, each with the colour at its position in settings (cycling). */
  const ordered = async () => {
    const rows = await ctx.db.select().from(levels).orderBy(asc(levels.requirementBlast), asc(levels.id));
    const colors = splitList((await readSettings(ctx.db)).colors);
    return rows.map((row, i) => ({
      id: row.id,
      name: row.name,
      blast_fee: row.blastFee,
      requirement_blast: row.requirementBlast,
      color: colors.length ? (colors[i % colors.length] ?? null) : null,
    }));
  };
  const find = async (id: number) => {
    const level = (await ordered()).find((row) => row.id === id);
    if (!level) throw new HttpError(404, MSG.levelNotFound);
    return level;
  };
  const values = (body: { name: string; blast_fee: number; requirement_blast: number }) => ({
    name: body.name,
    blastFee: body.blast_fee,
    requirementBlast: body.requirement_blast,
  });
  const audited = (row: typeof levels.$inferSelect) => ({
    name: row.name,
    blast_fee: row.blastFee,
    requirement_blast: row.requirementBlast,
  });

  route(app, ctx, {
    method: 'GET',
    url: API.levelPerPage,
    access: OPERATOR_ROLES,
    query: pageQuerySchema,
    handler: async ({ query }) => {
      const all = await ordered();
      const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(levels);
      const start = pageOffset(query.page);
      return { data: all.slice(start, start + PAGE_SIZE), meta: pageMeta(query.page, total) };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.levelList,
    access: OPERATOR_ROLES,
    handler: async () => ({ list: await ordered() }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.level(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params }) => ({ level: await find(params.id) }),
  });

  route(app, ctx, {
    method: 'POST',
    url: API.levelCreate,
    access: OPERATOR_ROLES,
    body: levelBodySchema,
    handler: async ({ body, user }) => {
      const [row] = await ctx.db.transaction(async (tx) => {
        const rows = await tx.insert(levels).values(values(body)).returning();
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'level.create',
          target: { type: 'level', id: rows[0]!.id },
          after: audited(rows[0]!),
        });
        return rows;
      });
      return { level: await find(row!.id), msg: MSG.levelSaved };
    },
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.level(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    body: levelBodySchema,
    handler: async ({ params, body, user }) => {
      const row = await ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(levels).where(eq(levels.id, params.id)).for('update');
        if (!current) throw new HttpError(404, MSG.levelNotFound);
        const [updated] = await tx
          .update(levels)
          .set(values(body))
          .where(eq(levels.id, params.id))
          .returning();
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'level.update',
          target: { type: 'level', id: params.id },
          before: audited(current),
          after: audited(updated!),
        });
        return updated!;
      });
      return { level: await find(row.id), msg: MSG.levelSaved };
    },
  });

  route(app, ctx, {
    method: 'DELETE',
    url: API.level(':id'),
    access: OPERATOR_ROLES,
    params: idParamSchema,
    handler: async ({ params, user }) => {
      await ctx.db.transaction(async (tx) => {
        const [row] = await tx.delete(levels).where(eq(levels.id, params.id)).returning();
        if (!row) throw new HttpError(404, MSG.levelNotFound);
        await recordAudit(tx, ctx, {
          actor: user,
          action: 'level.delete',
          target: { type: 'level', id: params.id },
          before: audited(row),
        });
      });
      return { msg: 'OK' };
    },
  });
}
