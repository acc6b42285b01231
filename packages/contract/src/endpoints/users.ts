import { z } from '../validation-texts';
import { ALL_ROLES, OPERATOR_ROLES, type Role } from '../roles';
import { idParamSchema } from '../schemas/common';
import { referralPageQuerySchema, referralRowSchema } from '../schemas/money';
import {
  activeCountAnswerSchema,
  adminUserUpdateSchema,
  blastFeeAnswerSchema,
  memberRowSchema,
  membersPageQuerySchema,
  staffListQuerySchema,
  userAnswerSchema,
  userCreateSchema,
  userSchema,
  usersAnswerSchema,
} from '../schemas/user';
import { endpoint, pagedSchema } from './define';

const tags = ['Users'] as const;
const REFERRAL_ROLES: readonly Role[] = ['dev', 'admin', 'member'];

export const usersEndpoints = {
  members: endpoint({
    method: 'GET',
    path: '/api/admin/users/members',
    access: OPERATOR_ROLES,
    answer: usersAnswerSchema,
    summary: 'Every member, by first name',
    tags,
  }),
  membersPerPage: endpoint({
    method: 'GET',
    path: '/api/admin/users/members-per-page',
    access: OPERATOR_ROLES,
    query: membersPageQuerySchema,
    answer: pagedSchema(memberRowSchema),
    summary: 'Members, a page at a time, newest first, with their income and chat accounts',
    tags,
  }),
  staffUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users/staff',
    access: OPERATOR_ROLES,
    query: staffListQuerySchema,
    answer: usersAnswerSchema,
    summary: 'The operators’ accounts (staff, dev, admin), by role and name unless sorted',
    tags,
  }),
  userCreate: endpoint({
    method: 'POST',
    path: '/api/admin/users',
    access: OPERATOR_ROLES,
    body: userCreateSchema,
    answer: z.object({ user: userSchema }),
    summary: 'Creates a staff, dev or admin account (admin by admins only)',
    tags,
  }),
  activeUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users/active',
    access: OPERATOR_ROLES,
    answer: activeCountAnswerSchema,
    summary: 'How many members have a connected chat account',
    tags,
  }),
  blastFee: endpoint({
    method: 'GET',
    path: '/api/admin/users/blast-fee/:id',
    access: ALL_ROLES,
    ownerParam: 'id',
    params: idParamSchema,
    answer: blastFeeAnswerSchema,
    errors: [404],
    summary: 'The fee a member earns per successful blast',
    tags,
  }),
  userGet: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    access: ALL_ROLES,
    ownerParam: 'id',
    params: idParamSchema,
    answer: userAnswerSchema,
    errors: [404],
    summary: 'One user, with their level and its colour',
    tags,
  }),
  userUpdate: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id',
    access: ALL_ROLES,
    ownerParam: 'id',
    params: idParamSchema,
    /** Role, fee and intervals are taken from operators only; anyone else's are dropped. */
    body: adminUserUpdateSchema,
    answer: z.object({
      user: userSchema,
      /** A fresh token when the caller changed their own password or role. */
      token: z.string().optional(),
    }),
    errors: [404],
    summary: 'Changes a user (own profile, or any user for operators)',
    tags,
  }),
  referralPerPage: endpoint({
    method: 'GET',
    path: '/api/admin/users/referral-per-page',
    access: REFERRAL_ROLES,
    query: referralPageQuerySchema,
    answer: pagedSchema(referralRowSchema).extend({
      list: z.array(referralRowSchema),
      /** Everything the referrer earned from referrals. */
      total: z.number().int(),
    }),
    summary: 'The members a user referred, a page at a time, with what each earned them',
    tags,
  }),
} as const;
