import { z } from '../validation-texts';
import { MIN_WITHDRAW } from '../constants';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import {
  idSchema,
  pageQuerySchema,
  plainTextSchema,
  rupiahInputSchema,
  sortQuerySchema,
  wholeNumberSchema,
} from './common';

/** A whole number >= 0 from a number input; an empty field is missing, not zero. */
const requiredNumber = (message: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), wholeNumberSchema(message));

// Levels (02 §3, §5)
export const levelBodySchema = z.object({
  name: plainTextSchema(MSG.levelNameRequired).min(1, { error: MSG.levelNameRequired }).max(100),
  blast_fee: rupiahInputSchema(MSG.levelFeeRequired),
  requirement_blast: requiredNumber(MSG.levelRequirementRequired),
});
export type LevelBody = z.input<typeof levelBodySchema>;
export const levelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  blast_fee: z.number().int(),
  requirement_blast: z.number().int(),
  color: z.string().nullable(),
});
export type Level = z.infer<typeof levelSchema>;
/** The level list sorts by name, fee or required blasts on request (requirement order otherwise). */
export const LEVEL_SORT_KEYS = ['name', 'blast_fee', 'requirement_blast'] as const;
/** A page of levels: the search finds the text in a level's name. */
export const levelPageQuerySchema = pageQuerySchema.extend(sortQuerySchema(LEVEL_SORT_KEYS).shape);

// Member edit (02 §2 /member/edit, §5)
export const memberEditSchema = z
  .object({
    blast_interval_min: requiredNumber(MSG.memberIntervalRequired),
    blast_interval_max: requiredNumber(MSG.memberIntervalRequired),
    blast_fee: rupiahInputSchema(MSG.memberFeeRequired),
  })
  .refine((value) => value.blast_interval_min <= value.blast_interval_max, {
    path: ['blast_interval_min'],
    error: MSG.intervalOrder,
  });
export type MemberEdit = z.input<typeof memberEditSchema>;

// Bonuses (02 §3, §5)
export const bonusCreateSchema = z.object({
  nominal: rupiahInputSchema(MSG.bonusNominalRequired, 1),
  reason: plainTextSchema(MSG.bonusReasonRequired).min(1, { error: MSG.bonusReasonRequired }).max(500),
  userId: idSchema(MSG.bonusMemberRequired),
  /** Ignored by the server, which records the signed-in admin. */
  adminId: z.unknown().optional(),
});
export type BonusCreate = z.input<typeof bonusCreateSchema>;
export const bonusRowSchema = z.object({
  id: z.number().int(),
  nominal: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  userId: z.number().int(),
  adminId: z.number().int().nullable(),
  User: z.object({ firstname: z.string(), lastname: z.string() }),
});
export type BonusRow = z.infer<typeof bonusRowSchema>;

/** List queries that may name a user: members always get their own rows whatever they send. */
export const userPageQuerySchema = pageQuerySchema.extend({
  user_id: z.union([z.literal(''), z.literal('null'), idSchema()]).optional(),
  userId: z.union([z.literal(''), z.literal('null'), idSchema()]).optional(),
});

/**
 * The columns the bonus and withdrawal lists sort by on request, each on an index ending in the id
 * (migration 0021): the amount, and the date asked or given.
 */
export const MONEY_SORT_KEYS = ['nominal', 'created'] as const;
export const bonusPageQuerySchema = userPageQuerySchema.extend(sortQuerySchema(MONEY_SORT_KEYS).shape);

// Referrals (02 §2 /referral, §3)
export const referralRowSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  income: z.number().int(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;
/**
 * The columns the referral list sorts by on request: the referred member's name and e-mail, and the
 * income they earned the referrer (computed per row; a referrer's referrals are few).
 */
export const REFERRAL_SORT_KEYS = ['name', 'email', 'income'] as const;
export const referralPageQuerySchema = userPageQuerySchema.extend(sortQuerySchema(REFERRAL_SORT_KEYS).shape);

// Withdrawals (02 §3, §4, §5)
export const WITHDRAW_STATUSES = ['requested', 'accepted', 'rejected'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];
/** A page of withdrawals: sorted like bonuses, and filtered by status (requests still waiting, say). */
export const withdrawPageQuerySchema = bonusPageQuerySchema.extend({
  status: z.enum(WITHDRAW_STATUSES).optional().catch(undefined),
});
export const withdrawRequestSchema = z.object({
  nominal: rupiahInputSchema(MSG.minWithdraw, MIN_WITHDRAW, MSG.withdrawOverBalance),
  userId: idSchema(),
});
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;
export const withdrawUpdateSchema = z.object({
  id: idSchema(),
  status: z.enum(WITHDRAW_STATUSES),
});
export const withdrawRowSchema = z.object({
  id: z.number().int(),
  nominal: z.number().int(),
  status: z.enum(WITHDRAW_STATUSES),
  createdAt: z.string(),
  userId: z.number().int(),
  User: z.object({
    firstname: z.string(),
    lastname: z.string(),
    account_bank: z.string().nullable(),
    account_number: z.string().nullable(),
    account_name: z.string().nullable(),
  }),
});
export type WithdrawRow = z.infer<typeof withdrawRowSchema>;
/** Answer code 1: the member has no bank details; the panel sends them to /profile?edit=1. */
export const WITHDRAW_CODE_NO_BANK = 1;
