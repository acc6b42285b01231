import type { z } from 'zod';
import { MSG, splitList, type Level, type levelBodySchema } from '@blaster/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../lib/routes';
import { HttpError } from '../../lib/errors';
import { pageMeta } from '../../lib/paging';
import { readSettings } from '../../domain/settings';
import { createAudited, recordAudit, updateAudited } from '../audit/service';
import {
  levelRepository as levels,
  type LevelFilter,
  type LevelRecord,
  type LevelValues,
} from './repository';

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

/** A level as lists show it, with the colour at its place in requirement order in settings (cycling). */
const presentLevel = (row: LevelRecord, position: number, colors: string[]): Level => ({
  id: row.id,
  name: row.name,
  blast_fee: row.blastFee,
  requirement_blast: row.requirementBlast,
  color: colors.length ? (colors[position % colors.length] ?? null) : null,
});

const levelColors = async (ctx: AppContext) => splitList((await readSettings(ctx.db)).colors);

/** Levels in requirement order, each with its colour. */
export async function orderedLevels(ctx: AppContext): Promise<Level[]> {
  const rows = await levels.inRequirementOrder(ctx.db);
  const colors = await levelColors(ctx);
  return rows.map((row, i) => presentLevel(row, i, colors));
}

export async function findLevel(ctx: AppContext, id: number): Promise<Level> {
  const level = (await orderedLevels(ctx)).find((row) => row.id === id);
  if (!level) throw new HttpError(404, MSG.levelNotFound);
  return level;
}

/** A page of levels, in requirement order or the sort asked, of the names matching the search. */
export async function levelPage(
  ctx: AppContext,
  { page, per_page: size, ...filter }: { page: number; per_page: number } & LevelFilter,
) {
  const [{ rows, total }, colors] = await Promise.all([
    levels.page(ctx.db, filter, page, size),
    levelColors(ctx),
  ]);
  return {
    data: rows.map((row) => presentLevel(row, row.position, colors)),
    meta: pageMeta(page, total, false, size),
  };
}

export async function createLevel(ctx: AppContext, actor: AuthUser, body: LevelBody): Promise<Level> {
  const row = await createAudited(ctx, actor, {
    action: 'level.create',
    type: 'level',
    insert: (tx) => levels.insert(tx, values(body)),
    audited,
  });
  return findLevel(ctx, row.id);
}

export async function updateLevel(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  body: LevelBody,
): Promise<Level> {
  await updateAudited(ctx, actor, {
    action: 'level.update',
    target: { type: 'level', id },
    lock: (tx) => levels.lockForUpdate(tx, id),
    missing: () => new HttpError(404, MSG.levelNotFound),
    update: (tx) => levels.update(tx, id, values(body)),
    audited,
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
