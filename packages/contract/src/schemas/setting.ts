import { z } from 'zod';
import { MSG } from '../messages';

export const settingSchema = z.object({
  interval_min: z.coerce.number().int().min(0),
  interval_max: z.coerce.number().int().min(0),
  price: z.coerce.number().int().min(0),
  bank_names: z.string().trim().min(1).max(1000),
  colors: z.string().trim().min(1).max(1000),
  referral_percent: z.coerce.number().min(0).max(100),
  info: z.string().trim().min(1).max(5000),
});
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
