import { ALL_ROLES, type Role } from '../roles';
import { userOrAllParamSchema } from '../schemas/common';
import { campaignsAnswerSchema, scheduleBodySchema, scheduleCancelBodySchema } from '../schemas/governance';
import { endpoint } from './define';
import { whatsappSavedSchema } from './whatsapp';

const tags = ['Scheduled blasts'] as const;
/** Members schedule their own accounts' blasts; admin and dev any account's (decision). */
export const SCHEDULE_ROLES: readonly Role[] = ['member', 'dev', 'admin'];

export const scheduleEndpoints = {
  whatsappSchedule: endpoint({
    method: 'POST',
    path: '/api/admin/whatsapp/schedule',
    access: SCHEDULE_ROLES,
    body: scheduleBodySchema,
    answer: whatsappSavedSchema,
    errors: [404],
    summary: "Sets the time an account's blast starts",
    tags,
  }),
  whatsappScheduleCancel: endpoint({
    method: 'POST',
    path: '/api/admin/whatsapp/schedule/cancel',
    access: SCHEDULE_ROLES,
    body: scheduleCancelBodySchema,
    answer: whatsappSavedSchema,
    errors: [404],
    summary: "Cancels an account's scheduled blast",
    tags,
  }),
  whatsappCampaigns: endpoint({
    method: 'GET',
    path: '/api/admin/whatsapp/campaigns/:userId',
    access: ALL_ROLES,
    ownerParam: 'userId',
    params: userOrAllParamSchema,
    answer: campaignsAnswerSchema,
    summary: 'Running, held and paused blasts: targets left in the pool, opt-outs, the hold or pause',
    tags: ['Campaigns'],
  }),
} as const;
