import { z } from '../validation-texts';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { idSchema, plainTextSchema, rupiahInputSchema, wholeNumberSchema } from './common';
import { templatePacingSettingFields, templatePacingSettingRowFields } from './template-review';

/** A whole number >= 0 from a number input; an empty field is missing, not zero. */
const requiredCount = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  wholeNumberSchema(MSG.numberRequired),
);
const requiredText = (max: number) =>
  plainTextSchema(MSG.textRequired).min(1, { error: MSG.textRequired }).max(max);

/**
 * Rate governance (decision: the campaigns' caps, quiet hours and auto-pause). Empty means unlimited or
 * off; a field left out of an update keeps its stored value.
 */
const optionalLimit = (max: number) =>
  z
    .union([z.literal(''), z.null(), idSchema(MSG.numberRequired).max(max, { error: MSG.numberRequired })])
    .transform((value) => (value === '' ? null : value))
    .optional();
const clockTime = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG.clockTimeInvalid }),
  ])
  .transform((value) => value || null)
  .optional();
const governanceFields = {
  sends_per_minute: optionalLimit(1_000_000),
  daily_sends_per_account: optionalLimit(1_000_000),
  quiet_start: clockTime,
  quiet_end: clockTime,
  pause_fail_window: optionalLimit(1_000),
  pause_fail_percent: optionalLimit(100),
  pause_on_suspend: z.boolean().optional(),
};

export const settingSchema = z.object({
  interval_min: requiredCount,
  interval_max: requiredCount,
  price: rupiahInputSchema(MSG.numberRequired),
  bank_names: requiredText(1000),
  colors: requiredText(1000),
  referral_percent: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: MSG.numberRequired })
      .min(0, { error: MSG.referralPercentRange })
      .max(100, { error: MSG.referralPercentRange }),
  ),
  info: requiredText(5000),
  ...governanceFields,
  ...templatePacingSettingFields,
  /** Blast only numbers with recorded consent (off by default: the spec sends to every number). */
  require_consent: z
    .preprocess(
      (value) =>
        value === 'true' || value === 'on' ? true : value === 'false' || value === '' ? false : value,
      z.boolean(),
    )
    .optional(),
});
export type SettingForm = z.input<typeof settingSchema>;
export type Setting = z.infer<typeof settingSchema>;
export const settingUpdateSchema = settingSchema
  .refine((value) => value.interval_min <= value.interval_max, {
    path: ['interval_min'],
    error: MSG.intervalOrder,
  })
  .refine((value) => !value.quiet_start === !value.quiet_end, {
    path: ['quiet_end'],
    error: MSG.quietHoursBoth,
  })
  .refine((value) => !value.quiet_start || value.quiet_start !== value.quiet_end, {
    path: ['quiet_end'],
    error: MSG.quietHoursBoth,
  })
  .refine((value) => !value.pause_fail_window === !value.pause_fail_percent, {
    path: ['pause_fail_percent'],
    error: MSG.pauseRuleBoth,
  });

/** The settings as stored and answered: null limits are unlimited, null quiet hours are none. */
export const settingRowSchema = z.object({
  interval_min: z.number().int(),
  interval_max: z.number().int(),
  price: z.number().int(),
  bank_names: z.string(),
  colors: z.string(),
  referral_percent: z.number(),
  info: z.string(),
  sends_per_minute: z.number().int().nullable(),
  daily_sends_per_account: z.number().int().nullable(),
  quiet_start: z.string().nullable(),
  quiet_end: z.string().nullable(),
  pause_fail_window: z.number().int().nullable(),
  pause_fail_percent: z.number().int().nullable(),
  pause_on_suspend: z.boolean(),
  require_consent: z.boolean(),
  ...templatePacingSettingRowFields,
});
export type SettingRow = z.infer<typeof settingRowSchema>;

/** 'BCA, MANDIRI, BRI' -> ['BCA', 'MANDIRI', 'BRI'] (the settings store lists as comma-plus-space text). */
export function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
