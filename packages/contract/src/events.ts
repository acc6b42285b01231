import { z } from 'zod';

/** Realtime event names (spec 01 §4, spec 02 §4). */
export const EVENTS = [
  'count_success',
  'count_fail',
  'count_synced',
  'sending',
  'stop',
  'idle',
  'finished',
  'error_blast',
  'connection.update',
  'suspended',
  'reconnecting',
  'attempting',
  'progressing',
  'waiting',
  'reset',
  'qr',
  'code',
  'authenticated',
  'unhandledRejection',
  'uncaughtException',
  'database_error',
  'generating',
  'update_target',
  'error_generate',
  'validating',
  'error_validate',
  'in_use',
  /** Governance stopped the account's blast (payload: reason). */
  'paused',
  /** A scheduled start was set or cancelled (payload: scheduled_at, null when cancelled). */
  'scheduled',
  /** A number opted out (answered STOP) and joined the suppression list (operators' channel). */
  'suppressed',
] as const;
export type EventName = (typeof EVENTS)[number];

/** Who an event is about (the monitor line reads state and status from here first). */
export const eventSenderSchema = z
  .object({
    id: z.number().int().optional(),
    user_id: z.number().int().nullable().optional(),
    clientid: z.string().optional(),
    state: z.string().nullable().optional(),
    status: z.string().nullable().optional(),
  })
  .passthrough();

/** One JSON message on the realtime socket. */
export const realtimeMessageSchema = z.object({
  event: z.string(),
  payload: z.record(z.string(), z.unknown()).default({}),
  sender: eventSenderSchema.optional(),
});
export type RealtimeMessage = z.input<typeof realtimeMessageSchema>;
