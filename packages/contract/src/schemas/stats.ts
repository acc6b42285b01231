import { z } from '../validation-texts';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { LOOKUP_KINDS } from './lookup';

/** Days a member's daily chart covers, today included. */
export const STATS_DAYS = 30;
/** Hours the platform's hourly chart covers, the current hour included. */
export const STATS_HOURS = 48;
/** Accounts in the top-accounts chart. */
export const STATS_TOP_ACCOUNTS = 10;
/** The longest range the top-accounts chart may ask for, in days. */
export const STATS_MAX_RANGE_DAYS = 366;

/** A calendar day in the app's time zone, 'YYYY-MM-DD'. */
const daySchema = z
  .string({ error: MSG.invalidRequest })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalidRequest })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: MSG.invalidRequest });

/** Top accounts between two days (both included, app time zone); by default the last 7 days. */
export const STATS_DEFAULT_RANGE_DAYS = 7;
export const statsRangeQuerySchema = z
  .object({
    from: daySchema.optional(),
    to: daySchema.optional(),
    /** Without `from`: the range is this many days ending at `to` (default 7). */
    days: z.coerce
      .number({ error: MSG.invalidRequest })
      .int({ error: MSG.invalidRequest })
      .min(1, { error: MSG.invalidRequest })
      .max(STATS_MAX_RANGE_DAYS, { error: MSG.invalidRequest })
      .optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { error: MSG.invalidRequest })
  .refine(
    (range) =>
      !range.from ||
      !range.to ||
      (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < STATS_MAX_RANGE_DAYS,
    { error: MSG.invalidRequest },
  );

export const STATS_BUCKETS = ['hour', 'day'] as const;
/** Lookups of one kind per hour (last 48 hours) or per day (last 30 days). */
export const statsLookupQuerySchema = z.object({
  kind: z.enum(LOOKUP_KINDS, { error: MSG.invalidRequest }).default('generator'),
  bucket: z.enum(STATS_BUCKETS, { error: MSG.invalidRequest }).default('hour'),
});

const count = z.number().int();

export const statsDaySchema = z.object({
  /** 'YYYY-MM-DD' in the app's time zone. */
  day: z.string(),
  success: count,
  fail: count,
  /** Rupiah earned from blasts, referral shares and bonuses that day. */
  blastIncome: count,
  referralIncome: count,
  bonus: count,
});
export const statsDailyAnswerSchema = z.object({ timeZone: z.string(), days: z.array(statsDaySchema) });
export type StatsDay = z.infer<typeof statsDaySchema>;
export type StatsDailyAnswer = z.infer<typeof statsDailyAnswerSchema>;

export const statsHourSchema = z.object({
  /** Start of the hour, ISO 8601. */
  hour: z.string(),
  success: count,
  fail: count,
  /** Percent of settled sends that succeeded (0-100), null when nothing settled. */
  successRate: z.number().nullable(),
});
export const statsHourlyAnswerSchema = z.object({ timeZone: z.string(), hours: z.array(statsHourSchema) });
export type StatsHour = z.infer<typeof statsHourSchema>;
export type StatsHourlyAnswer = z.infer<typeof statsHourlyAnswerSchema>;

export const statsTopAccountSchema = z.object({
  whatsappId: count,
  /** The account's name, or its number when it has none; null when the account was removed. */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  /** The owning member's name. */
  owner: z.string().nullable(),
  success: count,
  fail: count,
  total: count,
});
export const statsTopAccountsAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  accounts: z.array(statsTopAccountSchema),
});
export type StatsTopAccount = z.infer<typeof statsTopAccountSchema>;
export type StatsTopAccountsAnswer = z.infer<typeof statsTopAccountsAnswerSchema>;

export const statsLookupBucketSchema = z.object({
  /** Start of the hour (ISO 8601) or the day ('YYYY-MM-DD', app time zone). */
  at: z.string(),
  found: count,
  notFound: count,
});
export const statsLookupAnswerSchema = z.object({
  timeZone: z.string(),
  kind: z.enum(LOOKUP_KINDS),
  bucket: z.enum(STATS_BUCKETS),
  buckets: z.array(statsLookupBucketSchema),
});
export type StatsLookupBucket = z.infer<typeof statsLookupBucketSchema>;
export type StatsLookupAnswer = z.infer<typeof statsLookupAnswerSchema>;

/**
 * The platform's connected senders at each of the network's tiers, by quality rating, and how many of
 * them are restricted at their limit. null when the sandbox does not model the network's rules.
 */
export const statsSendersAnswerSchema = z.object({
  tiers: z
    .array(
      z.object({
        /** The tier's limit of unique recipients per 24 hours; null: unlimited. */
        tier: z.number().int().nullable(),
        green: count,
        yellow: count,
        red: count,
        restricted: count,
      }),
    )
    .nullable(),
});
export type StatsSendersAnswer = z.infer<typeof statsSendersAnswerSchema>;
