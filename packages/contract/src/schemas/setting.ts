import { z } from 'zod';
import { MSG } from '../messages';
import { plainTextSchema, rupiahInputSchema, wholeNumberSchema } from './common';

/** A whole number >= 0 from a number input; an empty field is missing, not zero. */
const requiredCount = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  wholeNumberSchema(MSG.numberRequired),
);
const requiredText = (max: number) =>
  plainTextSchema(MSG.textRequired).min(1, { error: MSG.textRequired }).max(max);

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
export const settingUpdateSchema = settingSchema.refine((value) => value.interval_min <= value.interval_max, {
  path: ['interval_min'],
  error: MSG.intervalOrder,
});
export const settingAnswerSchema = z.object({ setting: settingSchema });

/** 'BCA, MANDIRI, BRI' -> ['BCA', 'MANDIRI', 'BRI'] (comma-plus-space lists of spec 02 §3). */
export function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
