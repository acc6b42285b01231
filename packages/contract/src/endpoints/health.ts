import { z } from '../validation-texts';
import { idParamSchema } from '../schemas/common';
import { healthAnswerSchema } from '../schemas/governance';
import { senderReportSchema, whatsappRowSchema } from '../schemas/whatsapp';
import { endpoint } from './define';
import { SCHEDULE_ROLES } from './schedule';

export const healthEndpoints = {
  whatsappHealth: endpoint({
    method: 'GET',
    path: '/api/admin/whatsapp/health/:id',
    access: SCHEDULE_ROLES,
    params: idParamSchema,
    answer: healthAnswerSchema.extend({
      whatsapp: whatsappRowSchema,
      /** The network's standing of the sender; null when the sandbox does not model its rules. */
      standing: senderReportSchema.nullable(),
    }),
    errors: [404],
    summary: "A chat account's sender health: score, days, connection events and pauses",
    tags: ['Chat accounts'],
  }),
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    answer: z.object({ ok: z.literal(true) }),
    summary: 'Healthy while the database answers (for load balancers)',
    tags: ['Server'],
  }),
  config: endpoint({
    method: 'GET',
    path: '/api/config',
    access: 'public',
    answer: z.object({
      /** The legacy port the realtime socket also listens on. */
      realtimePort: z.number().int(),
      /** Where the realtime socket listens on this port. */
      realtimePath: z.string(),
      gateway: z.literal('sandbox'),
    }),
    summary: 'Where the realtime socket listens, and which chat gateway runs',
    tags: ['Server'],
  }),
} as const;
