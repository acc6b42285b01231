import {
  authAnswerSchema,
  loginBodySchema,
  registerBodySchema,
  validateAnswerSchema,
  validateBodySchema,
} from '../schemas/auth';
import { endpoint, saidSchema } from './define';

const tags = ['Auth'] as const;

/**
 * The sign-up form as the API documents it. The server checks it itself, together with the
 * referral code against the stored accounts, so one answer names every wrong field at once: the
 * table's parse lets the body through unchanged.
 */
const registerFormSchema = registerBodySchema.catch(({ value }) => value as never);

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    body: loginBodySchema,
    answer: authAnswerSchema,
    summary: 'Signs in: the token in the answer and in an HttpOnly cookie',
    tags,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    access: 'public',
    body: registerFormSchema,
    answer: authAnswerSchema,
    summary: 'Creates a member account and signs it in',
    tags,
  }),
  validate: endpoint({
    method: 'POST',
    path: '/api/auth/validate',
    access: 'public',
    body: validateBodySchema,
    answer: validateAnswerSchema,
    summary: 'Whether a token (the body’s, else the cookie’s) still opens a session',
    tags,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    answer: saidSchema,
    summary: 'Ends every session of the caller and clears the token cookie',
    tags,
  }),
} as const;
