import { z } from '../validation-texts';
import { PASSWORD_MIN_LENGTH } from '../constants';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { plainTextSchema } from './common';
import { userSchema } from './user';

const required = (message: string) => plainTextSchema(message).min(1, { error: message });

export const loginBodySchema = z.object({
  email: required(MSG.loginRequired).max(200),
  password: z.string({ error: MSG.loginRequired }).min(1, { error: MSG.loginRequired }).max(200),
  /** "Keep me logged in": the token cookie lives 10 years; otherwise until the browser closes. */
  keep: z.boolean().optional(),
});

/** Sign-up form; the same schema checks the form in the panel and the body on the server. */
export const registerBodySchema = z
  .object({
    firstName: required(MSG.firstNameRequired).max(100),
    lastName: required(MSG.lastNameRequired).max(100),
    // A domain with a dot and a top-level name: 'x@b' or 'x-not-an-email' would make an account no
    // mail reaches.
    email: required(MSG.emailRequired)
      .max(200)
      .pipe(z.email({ error: MSG.emailInvalid })),
    password: z
      .string({ error: MSG.passwordRequired })
      .min(1, { error: MSG.passwordRequired })
      .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort })
      .max(200),
    password2: z
      .string({ error: MSG.confirmPasswordRequired })
      .min(1, { error: MSG.confirmPasswordRequired })
      .max(200),
    referral_code: z.string().trim().max(50).optional().default(''),
    affiliateCode: z.string().trim().max(50).optional(),
    agreeToTerms: z.literal(true, { error: MSG.agreeToTermsRequired }),
  })
  .refine((form) => !form.password || !form.password2 || form.password === form.password2, {
    path: ['password2'],
    error: MSG.passwordsDoNotMatch,
    // Checked as soon as both passwords are typed, whatever state the other fields are in.
    when: ({ value }) => {
      const form = value as { password?: unknown; password2?: unknown };
      return typeof form.password === 'string' && typeof form.password2 === 'string';
    },
  });

export const REGISTER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'password2',
  'referral_code',
  'agreeToTerms',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const authAnswerSchema = z.object({ token: z.string(), user: userSchema, msg: z.string() });

/** Without a token in the body, the token cookie is checked (the panel cannot read it). */
export const validateBodySchema = z.object({ token: z.string().max(4096).optional() });
export const validateAnswerSchema = z.object({ isvalid: z.boolean() });

/** Turns zod issues into one message per field (first issue wins), for per-field form errors. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
