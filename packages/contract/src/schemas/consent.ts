import { z } from '../validation-texts';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { BULK_MAX_IDS } from '../constants';
import { idSchema, pageQuerySchema, plainTextSchema, sortQuerySchema } from './common';
import {
  isValidNumber,
  normalizeNumber,
  phoneNumberRowSchema,
  phoneNumberSaveSchema,
  phoneNumberUpdateSchema,
} from './resources';

/** Where a number's consent was given, as recorded: free text such as 'web form' or 'import'. */
export const CONSENT_SOURCE_MAX = 100;
export const CONSENT_NOTE_MAX = 500;

/** A consent time as people write it (ISO or 'YYYY-MM-DD HH:mm'); undefined when empty, null when not a time. */
export function parseConsentTime(raw: unknown): Date | null | undefined {
  const text = String(raw ?? '').trim();
  if (!text) return undefined;
  const time = Date.parse(/^\d{4}-\d{2}-\d{2} \d/.test(text) ? text.replace(' ', 'T') : text);
  return Number.isFinite(time) ? new Date(time) : null;
}

/** Optional consent fields of the phone-number form (a source alone records consent as of now). */
export const phoneConsentSchema = z.object({
  consent_source: plainTextSchema().max(CONSENT_SOURCE_MAX).optional(),
  consent_at: z
    .string()
    .max(40)
    .optional()
    .refine((value) => parseConsentTime(value) !== null, { error: MSG.consentTimeInvalid }),
  consent_note: plainTextSchema().max(CONSENT_NOTE_MAX).optional(),
});
export type PhoneConsent = z.input<typeof phoneConsentSchema>;

/** What a phone-number row shows of consent and suppression. */
export const phoneConsentRowSchema = z.object({
  consent_source: z.string().nullable(),
  consent_at: z.string().nullable(),
  consent_note: z.string().nullable(),
  suppressed: z.boolean(),
});

/** The phone-number form with its consent fields. */
export const phoneNumberSaveWithConsentSchema = phoneNumberSaveSchema.extend(phoneConsentSchema.shape);
export type PhoneNumberSaveWithConsent = z.input<typeof phoneNumberSaveWithConsentSchema>;
export const phoneNumberUpdateWithConsentSchema = phoneNumberUpdateSchema.extend(phoneConsentSchema.shape);
export type PhoneNumberUpdateWithConsent = z.input<typeof phoneNumberUpdateWithConsentSchema>;
export const phoneNumberWithConsentRowSchema = phoneNumberRowSchema.extend(phoneConsentRowSchema.shape);
export type PhoneNumberWithConsentRow = z.infer<typeof phoneNumberWithConsentRowSchema>;
/** The source recorded for consent typed into the form without naming one. */
export const FORM_CONSENT_SOURCE = 'form';

// Suppression list
/** 'link': the recipient pressed the button on the opt-out page a blast's {optout} link opens. */
export const SUPPRESSION_REASONS = ['reply', 'manual', 'link'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const suppressionRowSchema = z.object({
  number: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type SuppressionRow = z.infer<typeof suppressionRowSchema>;
/**
 * The suppression list sorts by number, reason or date on request (newest first otherwise), each on
 * an index ending in the number.
 */
export const SUPPRESSION_SORT_KEYS = ['number', 'reason', 'created'] as const;
/** A page of the list: a search that looks like a number keeps the numbers starting with it. */
export const suppressionPageQuerySchema = pageQuerySchema.extend(
  sortQuerySchema(SUPPRESSION_SORT_KEYS).shape,
);
export const suppressionCreateSchema = z.object({
  number: z
    .string({ error: MSG.phoneNumberRequired })
    .transform(normalizeNumber)
    .refine((value) => value.length > 0, { error: MSG.phoneNumberRequired })
    .refine(isValidNumber, { error: MSG.phoneNumberInvalid }),
  note: plainTextSchema().max(CONSENT_NOTE_MAX).optional(),
});
export type SuppressionCreate = z.input<typeof suppressionCreateSchema>;
export const suppressionNumberParamSchema = z.object({
  number: z
    .string()
    .max(40)
    .transform(normalizeNumber)
    .refine(isValidNumber, { error: MSG.phoneNumberInvalid }),
});
/** The numbers taken off the list at once: at least one, at most BULK_MAX_IDS, each as a row shows it. */
export const suppressionBulkBodySchema = z.object({
  numbers: z
    .array(suppressionNumberParamSchema.shape.number, { error: MSG.invalidRequest })
    .min(1, { error: MSG.bulkNoneChosen })
    .max(BULK_MAX_IDS, { error: MSG.bulkTooMany }),
  action: z.enum(['remove'], { error: MSG.invalidRequest }),
});
export const SUPPRESSION_CSV_FILE = 'suppressions.csv';
export const SUPPRESSION_CSV_COLUMNS = ['number', 'reason', 'note', 'created_at'] as const;

// Delivery funnel
/**
 * The stages a send moves through, in order; failed and opted_out end it early. clicked: the recipient
 * opened at least one of the message's short links; replied: the recipient wrote back (other than
 * STOP) while the message was the last one the account sent them.
 */
export const FUNNEL_STAGES = [
  'queued',
  'sent',
  'delivered',
  'read',
  'clicked',
  'replied',
  'failed',
  'opted_out',
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const funnelCountsSchema = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  clicked: z.number().int(),
  replied: z.number().int(),
  failed: z.number().int(),
  opted_out: z.number().int(),
});
export type FunnelCounts = z.infer<typeof funnelCountsSchema>;
export const FUNNEL_GROUPS = ['template', 'account', 'day'] as const;
export type FunnelGroup = (typeof FUNNEL_GROUPS)[number];
/** Days the day view looks back by default and at most. */
export const FUNNEL_DAYS = 14;
export const FUNNEL_MAX_DAYS = 366;
export const funnelQuerySchema = z.object({
  by: z.enum(FUNNEL_GROUPS).catch('day').default('day'),
  /** One chat account only (it must be the member's own: the rows are filtered by owner too). */
  whatsapp_id: idSchema().optional().catch(undefined),
  /** One template only: the owner's sends of it (templates are shared, their sends are not). */
  template_id: idSchema().optional().catch(undefined),
  days: z.coerce.number().int().min(1).max(FUNNEL_MAX_DAYS).catch(FUNNEL_DAYS).default(FUNNEL_DAYS),
});
export const funnelAnswerSchema = z.object({
  by: z.enum(FUNNEL_GROUPS),
  total: funnelCountsSchema,
  /** `key` is the template id, the account id or the day (YYYY-MM-DD in the panel's time zone). */
  groups: z.array(funnelCountsSchema.extend({ key: z.string(), label: z.string() })),
});
export type FunnelAnswer = z.infer<typeof funnelAnswerSchema>;
