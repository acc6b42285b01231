import type { FunnelAnswer, FunnelCounts, FunnelGroup } from '@blaster/contract';
import type { AppContext } from '../../context';
import { funnelRepository as funnel, type CountRow, type FunnelFilter } from './repository';

const NO_COUNTS: FunnelCounts = {
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  clicked: 0,
  replied: 0,
  failed: 0,
  opted_out: 0,
};

const toCounts = (row: CountRow, clicked: number, replied: number): FunnelCounts => ({
  queued: Number(row.queued),
  sent: Number(row.sent),
  delivered: Number(row.delivered),
  read: Number(row.read),
  clicked,
  replied,
  failed: Number(row.failed),
  opted_out: Number(row.opted_out),
});

const added = (sum: FunnelCounts, counts: FunnelCounts): FunnelCounts => ({
  queued: sum.queued + counts.queued,
  sent: sum.sent + counts.sent,
  delivered: sum.delivered + counts.delivered,
  read: sum.read + counts.read,
  clicked: sum.clicked + counts.clicked,
  replied: sum.replied + counts.replied,
  failed: sum.failed + counts.failed,
  opted_out: sum.opted_out + counts.opted_out,
});

/** Names of the templates or accounts counted; days name themselves. */
async function groupLabels(ctx: AppContext, by: FunnelGroup, keys: string[]) {
  const labels = new Map<string, string>();
  const ids = keys.filter((key) => /^\d+$/.test(key)).map(Number);
  if (by === 'day' || ids.length === 0) return labels;
  for (const row of await funnel.labels(ctx.db, by, ids)) if (row.label) labels.set(row.key, row.label);
  return labels;
}

/**
 * Delivery funnel counts per template, per chat account or per day over the last `days` days: a
 * member's own sends, or everyone's for operators (`all`).
 */
export async function funnelCounts(
  ctx: AppContext,
  filter: Omit<FunnelFilter, 'timeZone'>,
): Promise<FunnelAnswer> {
  const wanted = { ...filter, timeZone: ctx.config.timeZone };
  const [rows, clickRows, replyRows] = await Promise.all([
    funnel.counts(ctx.db, wanted),
    funnel.clicks(ctx.db, wanted),
    funnel.replies(ctx.db, wanted),
  ]);
  const clicks = new Map(clickRows.map((row) => [row.key ?? '', Number(row.clicked)]));
  const replies = new Map(replyRows.map((row) => [row.key ?? '', Number(row.replied)]));
  const keys = rows.map((row) => row.key ?? '');
  const labels = await groupLabels(ctx, filter.by, keys);
  const groups = rows.map((row, i) => ({
    key: keys[i]!,
    label: filter.by === 'day' ? keys[i]! : (labels.get(keys[i]!) ?? `#${keys[i] || '-'}`),
    ...toCounts(row, clicks.get(keys[i]!) ?? 0, replies.get(keys[i]!) ?? 0),
  }));
  return { by: filter.by, total: groups.reduce<FunnelCounts>(added, NO_COUNTS), groups };
}
