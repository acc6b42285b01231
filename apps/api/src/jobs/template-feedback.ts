import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../db';
import { messageLogs, messageTemplates, settings, templateUseCounts } from '../db/schema';
import { templateQuality } from '../domain/templates';
import type { Executor } from '../ledger/ledger';

/** The recipient's feedback on one message, as it counts against the message's template. */
export type TemplateFeedback = 'block' | 'report' | 'opt_out';

const COUNTERS = {
  block: sql.raw('feedback_blocks'),
  report: sql.raw('feedback_reports'),
  opt_out: sql.raw('feedback_opt_outs'),
} as const;

interface Counted {
  id: number;
  pacing: string;
  category: string;
  feedback_blocks: number;
  feedback_reports: number;
  feedback_opt_outs: number;
  sends: string | number;
}

/**
 * Counts a block or report against the message's template, marking the message (once: the same
 * feedback told twice counts once). Answers true when the template, released before, turned non-green
 * and goes back to a trial, so the blasts read their templates again.
 */
export async function recordBlockOrReport(
  db: Executor,
  logId: number,
  reaction: 'block' | 'report',
  at: Date,
) {
  const column = reaction === 'block' ? sql.raw('blocked_at') : sql.raw('reported_at');
  const [counted] = await queryRows<Counted>(
    db,
    sql`with marked as (
          update ${messageLogs} set ${column} = ${at.toISOString()}::timestamptz
          where id = ${logId} and ${column} is null returning template_id),
        ${countAgainstTemplate(sql`(select template_id from marked)`, reaction)}`,
  );
  return counted ? retrialIfNotGreen(db, counted) : false;
}

/** An opt-out marked on a message (the STOP reply's transaction) counts against its template too. */
export async function recordOptOut(db: Executor, logId: number) {
  const [counted] = await queryRows<Counted>(
    db,
    sql`with ${countAgainstTemplate(sql`(select template_id from ${messageLogs} where id = ${logId})`, 'opt_out')}`,
  );
  return counted ? retrialIfNotGreen(db, counted) : false;
}

/** `counted as (...) select ...`: the template's counter moved on, and what its quality needs. */
function countAgainstTemplate(templateId: SQL, feedback: TemplateFeedback) {
  const counter = COUNTERS[feedback];
  return sql`counted as (
      update ${messageTemplates} t set ${counter} = t.${counter} + 1
      where t.id = ${templateId}
      returning t.id, t.pacing, t.category, t.feedback_blocks, t.feedback_reports, t.feedback_opt_outs,
        t.feedback_sends_base)
    select c.id, c.pacing, c.category, c.feedback_blocks, c.feedback_reports, c.feedback_opt_outs,
      greatest(0, coalesce((select sum(u.count) from ${templateUseCounts} u where u.template_id = c.id), 0)
        - c.feedback_sends_base) as sends
    from counted c`;
}

/**
 * A released marketing or utility template whose own quality is no longer green is paced again: a
 * new first batch, held for its feedback (unless pacing is off).
 */
async function retrialIfNotGreen(db: Executor, counted: Counted) {
  if (counted.pacing !== 'released' || counted.category === 'authentication') return false;
  const quality = templateQuality({
    sends: Number(counted.sends),
    blocks: counted.feedback_blocks,
    reports: counted.feedback_reports,
    optOuts: counted.feedback_opt_outs,
  });
  if (quality === null || quality === 'green') return false;
  const moved = await queryRows<{ id: number }>(
    db,
    sql`update ${messageTemplates} set pacing = 'trial', batch_claimed = 0, batch_last_sent_at = null,
          batch_from_log = (select coalesce(max(id), 0) + 1 from ${messageLogs})
        where id = ${counted.id} and pacing = 'released'
          and (select template_first_batch from ${settings} where id = 1) > 0
        returning id`,
  );
  return moved.length > 0;
}
