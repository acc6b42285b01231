import { z } from '../validation-texts';
import { DEFAULT_INTERVAL_MAX, DEFAULT_INTERVAL_MIN, PHONE_PREFIX } from '../constants';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { idSchema, pageQuerySchema, sortQuerySchema, wholeNumberSchema } from './common';

/** Generators and validators ask the chat network which numbers have an account, before a list is blasted. */
export const LOOKUP_KINDS = ['generator', 'validator'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];
export const LOOKUP_STATUSES = ['idle', 'running', 'finished', 'error'] as const;

const interval = (fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? fallback : value),
    wholeNumberSchema(MSG.numberRequired),
  );
const flag = z.preprocess(
  (value) => (value === true || value === '1' || value === 1 ? 1 : 0),
  z.union([z.literal(0), z.literal(1)]),
);

const lookupBase = z.object({
  whatsapp_id: idSchema(MSG.whatsappRequired),
  b_insert: flag.default(0),
  interval_min: interval(DEFAULT_INTERVAL_MIN),
  interval_max: interval(DEFAULT_INTERVAL_MAX),
});

/** A 13-digit number starting 62: an Indonesian mobile number in its stored form. */
const rangeNumber = z
  .string({ error: MSG.rangeNumberInvalid })
  .trim()
  .regex(new RegExp(`^${PHONE_PREFIX}\\d{11}$`), { error: MSG.rangeNumberInvalid });

export const generatorBodySchema = lookupBase
  .extend({ start_number: rangeNumber, end_number: rangeNumber })
  .refine((value) => Number(value.start_number) < Number(value.end_number), {
    path: ['start_number'],
    error: MSG.generatorRangeOrder,
  })
  .refine((value) => value.interval_min <= value.interval_max, {
    path: ['interval_min'],
    error: MSG.intervalOrder,
  })
  .refine((value) => Number(value.end_number) - Number(value.start_number) < MAX_GENERATOR_RANGE, {
    path: ['end_number'],
    error: MSG.rangeTooLarge,
  });

export const validatorBodySchema = lookupBase.refine((value) => value.interval_min <= value.interval_max, {
  path: ['interval_min'],
  error: MSG.intervalOrder,
});

/** One generator walks at most this many numbers. */
export const MAX_GENERATOR_RANGE = 1_000_000;

export const lookupRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  whatsapp_id: z.number().int(),
  start_number: z.string().nullable(),
  end_number: z.string().nullable(),
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  b_insert: z.number().int(),
  interval_min: z.number().int(),
  interval_max: z.number().int(),
  count_success: z.number().int(),
  count_fail: z.number().int(),
  status: z.enum(LOOKUP_STATUSES),
  state: z.string().nullable(),
  progress: z.number(),
  /** Numbers done and numbers in all (X of Y under the progress bar). */
  position: z.number().int().optional(),
  total: z.number().int().optional(),
  current_number: z.string().nullable(),
  /** When the job was added (the list's date sort). */
  createdAt: z.string().optional(),
  Whatsapp: z
    .object({
      id: z.number().int(),
      pushname: z.string().nullable(),
      phonenumber: z.string().nullable(),
      clientid: z.string(),
    })
    .nullable(),
});
export type LookupRow = z.infer<typeof lookupRowSchema>;
export const lookupIdBodySchema = z.object({ id: idSchema() });
/**
 * The columns the job lists sort by on request, each on an index `(kind, key, id)`: the date created,
 * the target (a generator's first number, a validator's file name), the found and not-found counts and
 * the progress.
 */
export const LOOKUP_SORT_KEYS = ['created', 'target', 'success', 'failed', 'progress'] as const;
export const lookupPageQuerySchema = pageQuerySchema.extend({
  user_id: z.union([z.literal(''), z.literal('null'), idSchema()]).optional(),
  ...sortQuerySchema(LOOKUP_SORT_KEYS).shape,
});
/** Result file columns, in the order the download writes them. */
export const RESULT_FILES: Record<LookupKind, string> = {
  generator: 'phone_numbers_generated.csv',
  validator: 'phone_numbers_validated.csv',
};
