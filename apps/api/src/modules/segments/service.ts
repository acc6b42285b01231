import { MSG, type SegmentFilter, type SegmentRow } from '@blaster/contract';
import type { AppContext } from '../../context';
import { readSettings } from '../../domain/settings';
import { storedSegmentFilter } from '../../domain/segment-filter';
import { HttpError } from '../../lib/errors';
import type { AuthUser } from '../../lib/routes';
import { createAudited, recordAudit, updateAudited } from '../audit/service';
import { segmentRepository as segments, type SegmentRecord } from './repository';

const presentSegment = (row: SegmentRecord): SegmentRow => ({
  id: row.id,
  name: row.name,
  filter: storedSegmentFilter(row.filter) ?? {},
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * A filter may name only field keys some number carries (number_fields): a key typed wrong would
 * make a segment that silently holds nothing.
 */
async function refuseUnknownFields(ctx: AppContext, filter: SegmentFilter) {
  const keys = (filter.fields ?? []).map((field) => field.key);
  const known = await segments.knownFieldKeys(ctx.db, keys);
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0) {
    const message = MSG.segmentFieldUnknown(unknown.join(', '));
    throw new HttpError(400, message, { errors: { filter: message } });
  }
}

export async function listSegments(ctx: AppContext) {
  return { list: (await segments.list(ctx.db)).map(presentSegment) };
}

/** The segment by id, or the answer that it is not there. */
export async function findSegment(ctx: AppContext, id: number) {
  const row = await segments.find(ctx.db, id);
  if (!row) throw new HttpError(404, MSG.segmentNotFound);
  return row;
}

/** What the trail keeps of a segment: its name and filter as saved. */
const audited = (row: SegmentRecord) => ({ name: row.name, filter: row.filter });

/** Creates a segment, or changes the one `id` names; either way its filter may name only known fields. */
export async function saveSegment(
  ctx: AppContext,
  user: AuthUser,
  body: { name: string; filter: SegmentFilter },
  id?: number,
) {
  await refuseUnknownFields(ctx, body.filter);
  const row =
    id === undefined
      ? await createAudited(ctx, user, {
          action: 'segment.create',
          type: 'segment',
          insert: (tx) => segments.insert(tx, { ...body, createdBy: user.id }),
          audited,
        })
      : await updateAudited(ctx, user, {
          action: 'segment.update',
          target: { type: 'segment', id },
          lock: (tx) => segments.find(tx, id, { lock: true }),
          missing: () => new HttpError(404, MSG.segmentNotFound),
          update: (tx) => segments.update(tx, id, body),
          audited,
        });
  return { segment: presentSegment(row), msg: MSG.segmentSaved };
}

export async function deleteSegment(ctx: AppContext, user: AuthUser, id: number) {
  await ctx.db.transaction(async (tx) => {
    const gone = await segments.remove(tx, id);
    if (!gone) throw new HttpError(404, MSG.segmentNotFound);
    await recordAudit(tx, ctx, {
      actor: user,
      action: 'segment.delete',
      target: { type: 'segment', id },
      before: audited(gone),
    });
  });
  return { msg: MSG.segmentDeleted };
}

/** The numbers a filter holds now, and those a blast could claim now under the platform's settings. */
export async function countFilter(ctx: AppContext, filter: SegmentFilter) {
  return segments.count(ctx.db, filter, await readSettings(ctx.db));
}

export async function countSegment(ctx: AppContext, id: number) {
  const row = await findSegment(ctx, id);
  return countFilter(ctx, storedSegmentFilter(row.filter) ?? {});
}
