import { z } from '../validation-texts';
import { PASSWORD_MIN_LENGTH } from '../constants';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { ROLES } from '../roles';
import { pageQuerySchema, plainTextSchema, sortQuerySchema, wholeNumberSchema } from './common';

export const roleSchema = z.enum(ROLES);

/** The user as the panel sees it (never carries the password hash). */
export const userSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: roleSchema,
  level: z.string().nullable(),
  color: z.string().nullable(),
  referral_code: z.string(),
  referred_by: z.number().int().nullable(),
  account_name: z.string().nullable(),
  account_bank: z.string().nullable(),
  account_number: z.string().nullable(),
  blast_fee: z.number().int().nullable(),
  blast_interval_min: z.number().int().nullable(),
  blast_interval_max: z.number().int().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Fields a user may change on their own profile. */
export const selfUpdateSchema = z
  .object({
    firstname: plainTextSchema().min(1).max(100),
    lastname: plainTextSchema().min(1).max(100),
    email: z.string().trim().email().max(200),
    // Blank means "keep the current password" (the edit form leaves it empty).
    password: z
      .string()
      .max(200)
      .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, {
        error: MSG.passwordTooShortProfile,
      })
      .transform((value) => value || undefined),
    /** Needed to change one's own password or e-mail, so a borrowed token cannot take the account. */
    current_password: z.string().max(200).optional(),
    account_name: plainTextSchema().max(200).nullable(),
    account_bank: plainTextSchema().max(100).nullable(),
    account_number: z
      .string()
      .trim()
      .max(50)
      .regex(/^[0-9 -]*$/)
      .nullable(),
  })
  .partial();

/** Admin and dev may also set the role, blast fee override and blast intervals of any user. */
export const adminUserUpdateSchema = selfUpdateSchema.extend({
  role: roleSchema.optional(),
  blast_fee: wholeNumberSchema().nullable().optional(),
  blast_interval_min: wholeNumberSchema().nullable().optional(),
  blast_interval_max: wholeNumberSchema().nullable().optional(),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const userAnswerSchema = z.object({
  user: userSchema,
  level: z.string().nullable(),
  color: z.string().nullable(),
});
export const blastFeeAnswerSchema = z.object({ blast_fee: z.number().int() });
export const usersAnswerSchema = z.object({ users: z.array(userSchema) });
export const activeCountAnswerSchema = z.object({ count: z.number().int() });

/** Row of the member list. */
export const memberRowSchema = userSchema.extend({
  income: z.number().int(),
  whatsapps: z.number().int(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

/** The columns the member list sorts by on request, each read in order from an index (migration 0019). */
export const MEMBER_SORT_KEYS = ['name', 'email', 'created'] as const;
export const membersPageQuerySchema = pageQuerySchema.extend({
  /** The member list's status filter: members with or without a connected account. */
  s: z.string().trim().max(200).optional(),
  ...sortQuerySchema(MEMBER_SORT_KEYS).shape,
});

/**
 * The staff list's sorts. Operators are few (staff, dev and admin accounts, not members), so the list
 * is not paged; the name, e-mail and date sorts read the member list's indexes all the same.
 */
export const STAFF_SORT_KEYS = ['name', 'email', 'role', 'created'] as const;
export const staffListQuerySchema = sortQuerySchema(STAFF_SORT_KEYS);

/** The profile edit form; the server checks the same fields with selfUpdateSchema. */
export const profileFormSchema = z.object({
  firstname: plainTextSchema().min(1, { error: 'Nama depan wajib diisi.' }).max(100),
  lastname: plainTextSchema().min(1, { error: 'Nama belakang wajib diisi.' }).max(100),
  email: z.string().trim().email({ error: 'Format email tidak valid.' }).max(200),
  password: z
    .string()
    .max(200)
    .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, {
      error: MSG.passwordTooShortProfile,
    }),
  /** Asked for (and required by the server) only when the password or the e-mail changes. */
  current_password: z.string().max(200),
  account_name: plainTextSchema().max(200),
  account_bank: plainTextSchema().max(100),
  account_number: z
    .string()
    .trim()
    .max(50)
    .regex(/^[0-9 -]*$/, { error: 'Nomor rekening hanya boleh berisi angka.' }),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** Roles an operator gives from the users screen; members sign up themselves (decision). */
export const STAFF_ROLES = ['staff', 'dev', 'admin'] as const;

/** A staff, dev or admin account created by an operator (only an admin may create an admin). */
export const userCreateSchema = z.object({
  firstname: plainTextSchema().min(1, { error: MSG.firstNameRequired }).max(100),
  lastname: plainTextSchema().min(1, { error: MSG.lastNameRequired }).max(100),
  email: z.string().trim().toLowerCase().email({ error: MSG.emailRequired }).max(200),
  password: z.string().min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort }).max(200),
  role: z.enum(STAFF_ROLES, { error: MSG.invalidRequest }),
});
export type UserCreate = z.infer<typeof userCreateSchema>;
