import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import {
  MSG,
  NETWORK_QUALITY_FROM,
  TEMPLATE_RATED_FROM,
  type Message,
  type MessageRef,
  type PacingState,
  type TemplateQuality,
} from '@blaster/contract';
import { messageTemplates, templateUseCounts } from '../db/schema';

/** A template the blast may send: active, approved and not paused (what its rotation sends). */
export const sendableTemplate = and(
  eq(messageTemplates.status, 'active'),
  eq(messageTemplates.reviewState, 'approved'),
  ne(messageTemplates.pacing, 'paused'),
);

/** How often a template was sent: its imported count plus every account's own tally. */
export const templateUses =
  sql<number>`${messageTemplates.countUse} + coalesce((select sum(${templateUseCounts.count}) from ${templateUseCounts} where ${templateUseCounts.templateId} = ${messageTemplates.id}), 0)`.mapWith(
    Number,
  );

/** The sends its own feedback is counted against: this platform's, since its text last changed. */
export const templateSends =
  sql<number>`greatest(0, coalesce((select sum(${templateUseCounts.count}) from ${templateUseCounts} where ${templateUseCounts.templateId} = ${messageTemplates.id}), 0) - ${messageTemplates.feedbackSendsBase})`.mapWith(
    Number,
  );

/** A template row as lists show it, with its use count summed. */
export const templateColumns = {
  ...getTableColumns(messageTemplates),
  countUse: templateUses,
  sends: templateSends,
};

type TemplateRecord = typeof messageTemplates.$inferSelect;

/** A message as its key and plain blanks, so each reader writes it in their own language. */
export const messageRef = (message: Message): MessageRef => ({
  key: message.key,
  params: Object.fromEntries(
    Object.entries(message.params).map(([name, value]) => [
      name,
      typeof value === 'number' ? value : String(value),
    ]),
  ),
});

/**
 * The template's quality from its own feedback, as the network rates a sender: blocks, reports
 * (twice: the recipient said why) and opt-outs per send. Too few sends to judge: null.
 */
export function templateQuality(feedback: {
  sends: number;
  blocks: number;
  reports: number;
  optOuts: number;
}): TemplateQuality | null {
  if (feedback.sends < TEMPLATE_RATED_FROM) return null;
  const share = (feedback.blocks + 2 * feedback.reports + feedback.optOuts) / feedback.sends;
  return share >= NETWORK_QUALITY_FROM.red
    ? 'red'
    : share >= NETWORK_QUALITY_FROM.yellow
      ? 'yellow'
      : 'green';
}

/** Why a paused template was paused, with the rate it drew and the limit it passed. */
export function pauseMessage(
  row: Pick<TemplateRecord, 'id' | 'pauseFeedback' | 'pausePercent' | 'pauseLimit'>,
) {
  const percent = Math.round((row.pausePercent ?? 0) * 10) / 10;
  const limit = row.pauseLimit ?? 0;
  if (row.pauseFeedback === 'report') return MSG.templatePausedReport(row.id, percent, limit);
  if (row.pauseFeedback === 'opt_out') return MSG.templatePausedOptOut(row.id, percent, limit);
  return MSG.templatePausedBlock(row.id, percent, limit);
}

/** The pacing as people read it: a trial is its first batch until the batch is full, then held. */
export function pacingState(
  row: Pick<TemplateRecord, 'pacing' | 'batchClaimed'>,
  firstBatch: number,
): PacingState {
  if (row.pacing === 'trial') return row.batchClaimed >= firstBatch ? 'held' : 'first_batch';
  return row.pacing;
}

/** The columns `templateNotice` reads: what a query that tells a template's standing selects. */
export const templateStandingColumns = {
  status: messageTemplates.status,
  reviewState: messageTemplates.reviewState,
  reviewReason: messageTemplates.reviewReason,
  pacing: messageTemplates.pacing,
  batchClaimed: messageTemplates.batchClaimed,
  pauseFeedback: messageTemplates.pauseFeedback,
  pausePercent: messageTemplates.pausePercent,
  pauseLimit: messageTemplates.pauseLimit,
};

/**
 * Where a template that keeps blasts from sending stands: held for its batch's feedback, paused, rejected
 * or awaiting review; null when it sends (or is not meant to: nonactive).
 */
export function templateNotice(
  row: Pick<
    TemplateRecord,
    | 'id'
    | 'textWa'
    | 'status'
    | 'reviewState'
    | 'reviewReason'
    | 'pacing'
    | 'batchClaimed'
    | 'pauseFeedback'
    | 'pausePercent'
    | 'pauseLimit'
  >,
  firstBatch: number,
) {
  if (row.status !== 'active') return null;
  const caption = row.textWa.slice(0, 80);
  if (row.reviewState === 'rejected')
    return {
      id: row.id,
      caption,
      state: 'rejected' as const,
      reason: MSG.templateRejected(row.id, row.reviewReason ?? ''),
      remedy: MSG.templateRejectedRemedy,
    };
  // A draft is not meant to send yet: nothing to tell the members.
  if (row.reviewState === 'draft') return null;
  if (row.reviewState !== 'approved')
    return {
      id: row.id,
      caption,
      state: 'pending' as const,
      reason: MSG.templateAwaitingReview(row.id),
      remedy: null,
    };
  if (row.pacing === 'paused')
    return {
      id: row.id,
      caption,
      state: 'paused' as const,
      reason: pauseMessage(row),
      remedy: MSG.templatePausedRemedy,
    };
  if (pacingState(row, firstBatch) === 'held')
    return { id: row.id, caption, state: 'held' as const, reason: MSG.templateBatchHeld, remedy: null };
  return null;
}
