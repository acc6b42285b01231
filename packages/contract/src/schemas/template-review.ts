import { z } from '../validation-texts';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { pageQuerySchema } from './common';

/**
 * Template review and pacing (docs/decisions.md, "Template review and pacing"): a template's category,
 * its review state, its quality from its own feedback, and how it is paced.
 */
export const TEMPLATE_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const REVIEW_STATES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
/**
 * 'first_batch': sending its first batch; 'held': the batch is out and the rest waits for its feedback;
 * 'released': sent without holding; 'paused': the batch's feedback passed a threshold.
 */
export const PACING_STATES = ['first_batch', 'held', 'released', 'paused'] as const;
export type PacingState = (typeof PACING_STATES)[number];
export const TEMPLATE_QUALITIES = ['green', 'yellow', 'red'] as const;
export type TemplateQuality = (typeof TEMPLATE_QUALITIES)[number];
export const TEMPLATE_FEEDBACK_KINDS = ['block', 'report', 'opt_out'] as const;
export type TemplateFeedbackKind = (typeof TEMPLATE_FEEDBACK_KINDS)[number];
/** Too few sends to judge: a template's quality is shown from this many on (the network's own rule). */
export const TEMPLATE_RATED_FROM = 20;

/** A message of the catalog and its blanks, so each reader writes it in their own language. */
export const messageRefSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type MessageRef = z.infer<typeof messageRefSchema>;

/** The review and pacing fields of a template row. */
export const templateReviewFields = {
  category: z.enum(TEMPLATE_CATEGORIES),
  review_state: z.enum(REVIEW_STATES),
  /** The reviewer's reason when rejected, else null. */
  review_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  /** null: too few sends to judge. */
  quality: z.enum(TEMPLATE_QUALITIES).nullable(),
  pacing: z.enum(PACING_STATES),
  /** Why it is paused (with what to change), else null. */
  pause_reason: messageRefSchema.nullable(),
  feedback: z.object({
    sends: z.number().int(),
    blocks: z.number().int(),
    reports: z.number().int(),
    opt_outs: z.number().int(),
  }),
};

const REJECT_REASON_MAX = 500;

/** A reviewer's decision: approve, or reject with the reason the author and the members read. */
export const templateReviewBodySchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: MSG.invalidRequest }),
    reason: z.string().trim().max(REJECT_REASON_MAX).optional(),
  })
  .refine((body) => body.decision === 'approve' || Boolean(body.reason), {
    path: ['reason'],
    error: MSG.reviewReasonRequired,
  });
export type TemplateReviewBody = z.infer<typeof templateReviewBodySchema>;

/** The review screen's list: one review state (pending unless asked). */
export const templateReviewQuerySchema = pageQuerySchema.extend({
  state: z.enum(REVIEW_STATES).optional().catch(undefined),
});

/**
 * A template that keeps blasts from sending (paused, rejected, or not yet approved), as the members'
 * campaign cards show it: why, and what to change.
 */
export const templateNoticeSchema = z.object({
  id: z.number().int(),
  /** The start of its chat text, so the member can name it to an admin. */
  caption: z.string(),
  state: z.enum(['paused', 'rejected', 'pending', 'held']),
  reason: messageRefSchema,
  remedy: messageRefSchema.nullable(),
});
export type TemplateNotice = z.infer<typeof templateNoticeSchema>;

/** The pacing settings' defaults (migration 0027), for readers of settings that leave them out. */
export const TEMPLATE_PACING_DEFAULTS = {
  template_first_batch: 50,
  template_feedback_minutes: 30,
} as const;

/**
 * A whole number in a range, each failure told with `error`. Optional in an update (left out, it keeps
 * its stored value), but an emptied field is refused rather than read as 0: 0 turns pacing off.
 */
const pacingNumber = (min: number, max: number, error: string) =>
  z
    .preprocess(
      (value) => (value === '' || value === null ? Number.NaN : value),
      z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }),
    )
    .optional();

/**
 * The pacing settings. A first batch of 0 turns pacing off; a wait or a threshold of 0 would judge a
 * batch before any feedback could come, or pause a template on its first block, so they start at 1.
 */
export const templatePacingSettingFields = {
  template_first_batch: pacingNumber(0, 100_000, MSG.templateFirstBatchRange),
  template_feedback_minutes: pacingNumber(1, 7 * 24 * 60, MSG.templateFeedbackMinutesRange),
  template_block_percent: pacingNumber(1, 100, MSG.templatePercentRange),
  template_report_percent: pacingNumber(1, 100, MSG.templatePercentRange),
  template_opt_out_percent: pacingNumber(1, 100, MSG.templatePercentRange),
};
export const templatePacingSettingRowFields = {
  template_first_batch: z.number().int(),
  template_feedback_minutes: z.number().int(),
  template_block_percent: z.number().int(),
  template_report_percent: z.number().int(),
  template_opt_out_percent: z.number().int(),
};
