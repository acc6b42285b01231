import { z } from '../validation-texts';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { idSchema } from './common';
import { whatsappRowSchema } from './whatsapp';
import { templateNoticeSchema } from './template-review';

/** Scheduled starts are at most this far ahead (decision). */
export const MAX_SCHEDULE_AHEAD_MS = 30 * 24 * 60 * 60_000;

export const scheduleBodySchema = z.object({
  id: idSchema(),
  /** An ISO date-time with its offset (the panel sends the browser's local time as UTC). */
  start_at: z.iso.datetime({ offset: true, error: MSG.invalidRequest }),
});
export const scheduleCancelBodySchema = z.object({ id: idSchema() });

const count = z.number().int();

export const healthDaySchema = z.object({
  day: z.string(),
  sent: count,
  success: count,
  fail: count,
  suspensions: count,
  disconnects: count,
});
export type HealthDay = z.infer<typeof healthDaySchema>;

export const accountEventRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['connection', 'suspended', 'paused', 'schedule']),
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type AccountEventRow = z.infer<typeof accountEventRowSchema>;

/** GET whatsappHealth(id): the sender-health page. */
export const healthAnswerSchema = z.object({
  /** 0-100, or null without sends in the last 7 days (formula in docs/decisions.md). */
  score: z.number().nullable(),
  last7: z.object({ success: count, fail: count, suspensions: count, disconnects: count }),
  days: z.array(healthDaySchema),
  events: z.array(accountEventRowSchema),
  pauses: z.array(accountEventRowSchema),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** Why a running blast is held right now: a message of the catalog and its blanks. */
export const campaignHoldSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type CampaignHold = z.infer<typeof campaignHoldSchema>;

/**
 * What stopped a blast on its own: the failure rule, a suspension (pause on suspend), or the network
 * rating the sender's quality RED.
 */
export const PAUSE_KINDS = ['fail_rate', 'suspended', 'quality'] as const;
export type PauseKind = (typeof PAUSE_KINDS)[number];

/** One running, held or paused blast: its account and what the account's row does not say. */
export const campaignSchema = z.object({
  account: whatsappRowSchema,
  /** Recipients of this account's messages who answered STOP. */
  opted_out: count,
  /** Quiet hours or the daily cap holding it now (a started blast only), else null. */
  hold: campaignHoldSchema.nullable(),
  /** Why governance paused it (an idle account with a pause reason), else null. */
  paused_kind: z.enum(PAUSE_KINDS).nullable(),
});

/** GET whatsappCampaigns(userId): a member's running blasts (every member's for operators, 'all'). */
export const campaignsAnswerSchema = z.object({
  /** Targets still to send in the shared pool: active, never sent, not in flight, allowed to receive. */
  pool_left: count,
  campaigns: z.array(campaignSchema),
  /**
   * Active templates that keep blasts from sending (held for their first batch's feedback, paused,
   * rejected, awaiting review), with why and what to change: the same for every blast, since every
   * blast sends the platform's templates in rotation.
   */
  templates: z.array(templateNoticeSchema),
});
export type CampaignsAnswer = z.infer<typeof campaignsAnswerSchema>;
