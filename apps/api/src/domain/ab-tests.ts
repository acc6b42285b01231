import { sql } from 'drizzle-orm';
import type { AbTestMetric } from '@blaster/contract';
import { queryRows } from '../db';
import type { Executor } from '../ledger/ledger';
import { abTestVariants, linkClicks, messageLogs } from '../db/schema';

/**
 * One variant's sample as its logs say: the sends that went or are going out (a failed one is made
 * up for by another recipient), the delivered ones, the failed ones and the delivered ones' reactions.
 */
export interface VariantCounts {
  templateId: number;
  position: number;
  taken: number;
  sent: number;
  failed: number;
  replied: number;
  read: number;
  clicked: number;
}

/** The logs a test's sample consists of: the account's, after the test began, up to its end if known. */
export interface SampleRange {
  id: number;
  whatsappId: number;
  fromLogId: number;
  sampledUntilLogId: number | null;
}

/**
 * Each variant's sample counted from its logs in one statement: a claimed target released unsent has
 * no log, so the counts are what went out (or is going out), whichever instance sent it.
 */
export async function countSample(db: Executor, test: SampleRange): Promise<VariantCounts[]> {
  const until = test.sampledUntilLogId === null ? sql`` : sql` and m.id <= ${test.sampledUntilLogId}`;
  const rows = await queryRows<Record<keyof VariantCounts, number | string>>(
    db,
    sql`select v.template_id as "templateId", v.position,
          count(m.id) filter (where m.status <> 'fail') as taken,
          count(m.id) filter (where m.status = 'success') as sent,
          count(m.id) filter (where m.status = 'fail') as failed,
          count(m.replied_at) filter (where m.status = 'success') as replied,
          count(m.read_at) filter (where m.status = 'success') as read,
          count(m.id) filter (where m.status = 'success' and exists (
            select 1 from ${linkClicks} c where c.message_log_id = m.id)) as clicked
        from ${abTestVariants} v
        left join ${messageLogs} m on m.template_id = v.template_id
          and m.whatsapp_id = ${test.whatsappId}::int and m.id > ${test.fromLogId}${until}
        where v.ab_test_id = ${test.id}::int
        group by v.template_id, v.position
        order by v.position`,
  );
  return rows.map((row) => ({
    templateId: Number(row.templateId),
    position: Number(row.position),
    taken: Number(row.taken),
    sent: Number(row.sent),
    failed: Number(row.failed),
    replied: Number(row.replied),
    read: Number(row.read),
    clicked: Number(row.clicked),
  }));
}

const METRIC_COUNT = { reply: 'replied', read: 'read', click: 'clicked' } as const;

/** The chosen metric's share of the variant's delivered sends (0 when none was delivered). */
export function rateOf(metric: AbTestMetric, counts: VariantCounts) {
  return counts.sent === 0 ? 0 : counts[METRIC_COUNT[metric]] / counts.sent;
}

/** The variant with the highest rate; on a tie the one given first wins (the member's own order). */
export function pickWinner(metric: AbTestMetric, variants: VariantCounts[]) {
  let best: VariantCounts | undefined;
  for (const variant of [...variants].sort((a, b) => a.position - b.position))
    if (!best || rateOf(metric, variant) > rateOf(metric, best)) best = variant;
  return best;
}
