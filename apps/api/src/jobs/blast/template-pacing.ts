import { sql } from 'drizzle-orm';
import { TEMPLATE_PACING_DEFAULTS, type Setting, type TemplateFeedbackKind } from '@blaster/contract';
import { queryRows } from '../../db';
import { messageLogs, messageTemplates } from '../../db/schema';
import { pauseMessage } from '../../domain/templates';
import type { Tx } from '../../ledger/ledger';
import { recordAudit } from '../../modules/audit/service';
import type { ReviewedBatch } from './source';

interface BatchFeedback {
  id: number;
  author_id: number | null;
  pending: string | number;
  sent: string | number;
  blocked: string | number;
  reported: string | number;
  opted_out: string | number;
}

/**
 * The first of the batch's rates that passes its threshold (blocks, then reports, then opt-outs, each
 * a share of the batch's delivered sends), or null when none does.
 */
export function passedThreshold(
  batch: { sent: number; blocked: number; reported: number; optedOut: number },
  settings: Pick<Setting, 'template_block_percent' | 'template_report_percent' | 'template_opt_out_percent'>,
): { feedback: TemplateFeedbackKind; percent: number; limit: number } | null {
  if (batch.sent === 0) return null;
  const checks: [TemplateFeedbackKind, number, number | undefined][] = [
    ['block', batch.blocked, settings.template_block_percent],
    ['report', batch.reported, settings.template_report_percent],
    ['opt_out', batch.optedOut, settings.template_opt_out_percent],
  ];
  for (const [feedback, count, limit = 100] of checks) {
    const percent = (count * 100) / batch.sent;
    if (percent > limit) return { feedback, percent, limit };
  }
  return null;
}

/**
 * Releases a batch's template, or pauses it when a rate passed its threshold. A pause is nobody's
 * decision but the recipients': it goes into the audit trail with the system as its actor.
 */
async function decideBatch(
  tx: Tx,
  batch: BatchFeedback,
  settings: Setting,
  instanceId: string,
): Promise<ReviewedBatch> {
  const passed = passedThreshold(
    {
      sent: Number(batch.sent),
      blocked: Number(batch.blocked),
      reported: Number(batch.reported),
      optedOut: Number(batch.opted_out),
    },
    settings,
  );
  const id = Number(batch.id);
  if (!passed) {
    await tx.execute(sql`update ${messageTemplates} set pacing = 'released' where id = ${id}`);
    return { id, authorId: batch.author_id, paused: null };
  }
  await tx.execute(
    sql`update ${messageTemplates} set pacing = 'paused', pause_feedback = ${passed.feedback},
          pause_percent = ${passed.percent}, pause_limit = ${passed.limit} where id = ${id}`,
  );
  await recordAudit(
    tx,
    { config: { instanceId } },
    {
      actor: null,
      action: 'template.pause',
      target: { type: 'template', id },
      before: { pacing: 'held' },
      after: {
        pacing: 'paused',
        feedback: passed.feedback,
        percent: Math.round(passed.percent * 10) / 10,
        limit: passed.limit,
      },
    },
  );
  const paused = pauseMessage({
    id,
    pauseFeedback: passed.feedback,
    pausePercent: passed.percent,
    pauseLimit: passed.limit,
  });
  return { id, authorId: batch.author_id, paused };
}

/**
 * Reads the feedback of every trial batch that is due, skipping batches another instance is reading,
 * and releases or pauses each in the same transaction. The batch is the template's logs from its trial's
 * first log on: few rows, read by the key.
 */
export async function reviewTemplateBatches(
  tx: Tx,
  settings: Setting,
  networkNow: number,
  instanceId: string,
): Promise<ReviewedBatch[]> {
  const firstBatch = settings.template_first_batch ?? TEMPLATE_PACING_DEFAULTS.template_first_batch;
  const wait = settings.template_feedback_minutes ?? TEMPLATE_PACING_DEFAULTS.template_feedback_minutes;
  const dueBefore = networkNow - wait * 60_000;
  const batches = await queryRows<BatchFeedback>(
    tx,
    sql`with due as materialized (
          select id, author_id, batch_from_log from ${messageTemplates}
          where pacing = 'trial' and batch_claimed >= ${firstBatch}::int
            and batch_last_sent_at <= to_timestamp(${dueBefore / 1000}::double precision)
          order by id for update skip locked)
        select d.id, d.author_id,
          count(m.id) filter (where m.status = 'pending') as pending,
          count(m.id) filter (where m.status = 'success') as sent,
          count(m.blocked_at) filter (where m.status = 'success') as blocked,
          count(m.reported_at) filter (where m.status = 'success') as reported,
          count(m.opted_out_at) filter (where m.status = 'success') as opted_out
        from due d
        left join ${messageLogs} m on m.id >= coalesce(d.batch_from_log, 0) and m.template_id = d.id
        group by d.id, d.author_id`,
  );
  const reviewed: ReviewedBatch[] = [];
  for (const batch of batches) {
    // A send of the batch still in flight: its feedback is not all in yet.
    if (Number(batch.pending) > 0) continue;
    reviewed.push(await decideBatch(tx, batch, settings, instanceId));
  }
  return reviewed;
}
