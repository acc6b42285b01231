import type { z } from 'zod';
import { MSG, splitList, type Level, type levelBodySchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../lib/routes';
import { HttpError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/paging';
import { readSettings } from '../../domain/settings';
import { recordAudit } from '../audit/service';
import { levelRepository as levels, type LevelRecord, type LevelValues } from './repository';

type LevelBody = z.output<typeof levelBodySchema>;

const values = (body: LevelBody): LevelValues => ({
  name: body.name,
  blastFee: body.blast_fee,
  requirementBlast: body.requirement_blast,
});

const audited = (row: LevelRecord) => ({
  name: row.name,
  blast_fee: row.blastFee,
  requirement_blast: row.requirementBlast,
});

/** Levels in requirement order, each with the colour at its position in settings (cycling). */
export async function orderedLevels(ctx: AppContext): Promise<Level[]> {
  const rows = await levels.inRequirementOrder(ctx.db);
  const colors = splitList((await readSettings(ctx.db)).colors);
  return rows.map((row, i) => ({
    id: row.id,
    name: row.name,
    blast_fee: row.blastFee,
    requirement_blast: row.requirementBlast,
    color: colors.length ? (colors[i % colors.length] ?? null) : null,
  }));
}

export async function findLevel(ctx: AppContext, id: number): Promise<Level> {
  const level = (await orderedLevels(ctx)).find((row) => row.id === id);
  if (!level) throw new HttpError(404, MSG.levelNotFound);
  return level;
}

export async function levelPage(
  ctx: AppContext,
  { page, per_page: size }: { page: number; per_page: number },
) {
  const all = await orderedLevels(ctx);
  const start = pageOffset(page, size);
  return {
    data: all.slice(start, start + size),
    meta: pageMeta(page, await levels.count(ctx.db), false, size),
  };
}

export async function createLevel(ctx: AppContext, actor: AuthUser, body: LevelBody): Promise<Level> {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await levels.insert(tx, values(body));
    await recordAudit(tx, ctx, {
      actor,
      action: 'level.create',
      target: { type: 'level', id: created.id },
      after: audited(created),
    });
    return created;
  });
  return findLevel(ctx, row.id);
}

export async function updateLevel(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  body: LevelBody,
): Promise<Level> {
  await ctx.db.transaction(async (tx) => {
    const current = await levels.lockForUpdate(tx, id);
    if (!current) throw new HttpError(404, MSG.levelNotFound);
    const updated = await levels.update(tx, id, values(body));
    await recordAudit(tx, ctx, {
      actor,
      action: 'level.update',
      target: { type: 'level', id },
      before: audited(current),
      after: audited(updated),
    });
  });
  return findLevel(ctx, id);
}

export async function deleteLevel(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await levels.delete(tx, id);
    if (!row) throw new HttpError(404, MSG.levelNotFound);
    await recordAudit(tx, ctx, {
      actor,
      action: 'level.delete',
      target: { type: 'level', id },
      before: audited(row),
    });
  });
}
