import { z } from '../validation-texts';
import { MESSAGE_KEY as MSG } from '../messages';
import { idSchema } from './common';

/** What an A/B test compares its variants by: replies, reads or link clicks per delivered send. */
export const AB_TEST_METRICS = ['reply', 'read', 'click'] as const;
export type AbTestMetric = (typeof AB_TEST_METRICS)[number];
export const AB_TEST_STATUSES = ['sampling', 'waiting', 'decided', 'finished', 'cancelled'] as const;
export type AbTestStatus = (typeof AB_TEST_STATUSES)[number];
/** A test under way: sending its samples, waiting for their reactions, or sending the winner. */
export const AB_TEST_RUNNING = ['sampling', 'waiting', 'decided'] as const satisfies readonly AbTestStatus[];

export const AB_TEST_MIN_VARIANTS = 2;
export const AB_TEST_MAX_VARIANTS = 5;
export const AB_TEST_SAMPLE_MAX = 10_000;
/** A week: past that the recipients' reactions say little about the message. */
export const AB_TEST_WAIT_MAX_MINUTES = 7 * 24 * 60;

const wholeIn = (min: number, max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/** A new test: the account's blast sends each template to its sample, then the winner to the rest. */
export const abTestBodySchema = z.object({
  whatsapp_id: idSchema(),
  /** The blast's audience; null: every number a blast may claim. */
  segment_id: idSchema().nullable(),
  template_ids: z
    .array(idSchema())
    .min(AB_TEST_MIN_VARIANTS, { error: MSG.abTestVariantsCount })
    .max(AB_TEST_MAX_VARIANTS, { error: MSG.abTestVariantsCount })
    .refine((ids) => new Set(ids).size === ids.length, { error: MSG.abTestVariantTwice }),
  sample_size: wholeIn(1, AB_TEST_SAMPLE_MAX, MSG.abTestSampleRange),
  wait_minutes: wholeIn(1, AB_TEST_WAIT_MAX_MINUTES, MSG.abTestWaitRange),
  metric: z.enum(AB_TEST_METRICS),
});
export type AbTestBody = z.input<typeof abTestBodySchema>;

/**
 * One variant's numbers: its sample's delivered and failed sends (a failed send is made up for by
 * another recipient) and the reactions; the rate is the metric per delivered send.
 */
export const abTestVariantSchema = z.object({
  template_id: z.number().int(),
  position: z.number().int(),
  /** The template's caption as the chat shows it (empty when the template is gone). */
  caption: z.string(),
  sent: z.number().int(),
  failed: z.number().int(),
  replied: z.number().int(),
  read: z.number().int(),
  clicked: z.number().int(),
  /** The chosen metric's share of `sent`, 0 to 1. */
  rate: z.number(),
});
export type AbTestVariant = z.infer<typeof abTestVariantSchema>;

export const abTestRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  whatsapp_id: z.number().int(),
  account: z.string().nullable(),
  segment_id: z.number().int().nullable(),
  metric: z.enum(AB_TEST_METRICS),
  sample_size: z.number().int(),
  wait_minutes: z.number().int(),
  status: z.enum(AB_TEST_STATUSES),
  winner_template_id: z.number().int().nullable(),
  waiting_since: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /** Kept at the decision; counted from the sample's logs until then. */
  variants: z.array(abTestVariantSchema),
});
export type AbTestRow = z.infer<typeof abTestRowSchema>;

/** A template a test may use: active, approved and not paused. */
export const abTestTemplateSchema = z.object({ id: z.number().int(), caption: z.string() });
