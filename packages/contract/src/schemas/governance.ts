import { z } from 'zod';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { idSchema } from './common';

/** Scheduled starts are at most this far ahead (decision). */
export const MAX_SCHEDULE_AHEAD_MS = 30 * 24 * 60 * 60_000;

export const scheduleBodySchema = z.object({
  id: idSchema(),
  /** An ISO date-time with its offset (the panel sends the browser's local time as UTC). */
  start_at: z.iso.datetime({ offset: true, error: MSG.invalidRequest }),
});
export const scheduleCancelBodySchema = z.object({ id: idSchema() });

export interface HealthDay {
  day: string;
  sent: number;
  success: number;
  fail: number;
  suspensions: number;
  disconnects: number;
}

export interface AccountEventRow {
  id: number;
  kind: 'connection' | 'suspended' | 'paused' | 'schedule';
  detail: string | null;
  created_at: string;
}

/** GET whatsappHealth(id): the sender-health page. */
export interface HealthAnswer {
  /** 0-100, or null without sends in the last 7 days (formula in docs/decisions.md). */
  score: number | null;
  last7: { success: number; fail: number; suspensions: number; disconnects: number };
  days: HealthDay[];
  events: AccountEventRow[];
  pauses: AccountEventRow[];
}
