import type { LookupKind } from './schemas/lookup';
import type { SuppressionRow } from './schemas/consent';
import type { WithdrawRow } from './schemas/money';
import type { WhatsappRow } from './schemas/whatsapp';
import type { PauseKind } from './schemas/governance';
import type { ImportProgress } from './schemas/resources';
import type { InboxDirection } from './schemas/inbox';

/**
 * The realtime socket's messages, one member per kind of event.
 * The server's `publish` takes only these; the panel's handlers narrow on `event`. On the wire each is
 * the JSON object itself: `{ payload, event, sender? }`.
 */

/** Who an event is about (the monitor line reads state and status from here first). */
export type EventSender = {
  id?: number;
  user_id?: number | null;
  clientid?: string;
  state?: string | null;
  status?: string | null;
};

/** No field beyond the common ones. */
type Empty = Record<never, never>;

/** Every payload carries the moment it was sent (ISO time). */
type Dated = { date: string };

/** A message of the catalogs named by its key and the values of its blanks. */
type MessageRef = { key: string; params: Record<string, string | number> };

/** Counts and income of an account after a round of sends. */
type AccountCounts = { count_success: number; count_fail: number; income: number };

/** What each event about one chat account adds to `{ deviceId, date }`. */
interface AccountEventPayloads {
  count_success: AccountCounts & { whatsapp: WhatsappRow };
  count_fail: AccountCounts & { whatsapp: WhatsappRow };
  /** Counts set rather than counted up (after a reset). */
  count_synced: AccountCounts;
  /** A blast started or sent to `number`. */
  sending: { number?: string };
  stop: Empty;
  idle: Empty;
  /**
   * A blast ended: `message` says why in the spec's wording, and `reason` names that message (its key
   * and blanks) so each reader shows it in their own language.
   */
  finished: { state: string | null; message?: string; reason?: MessageRef };
  error_blast: { state?: string | null; message?: string; reason?: MessageRef };
  'connection.update': { state: string | null };
  suspended: AccountCounts & { state: 'suspended'; suspended_count: number };
  reconnecting: Empty;
  /** A send failed with `code`; the blast tries again. */
  attempting: { code: string | number; value: boolean };
  /** Preparing a round, or a generator/validator (`kind`, `jobId`) working on the account. */
  progressing: { value: boolean; kind?: LookupKind; jobId?: number };
  /**
   * Seconds until the next send; when quiet hours or a cap hold the blast, `reason` in the spec's
   * wording and `hold` naming the message, so each reader shows it in their own language.
   */
  waiting: {
    waitTime: number;
    value: boolean;
    reason?: string;
    hold?: MessageRef;
  };
  reset: { state: string | null; whatsapp: WhatsappRow };
  /** Governance stopped the account's blast. */
  paused: { reason: string; kind: PauseKind; whatsapp: WhatsappRow };
  /** A scheduled start was set or cancelled (null when cancelled). */
  scheduled: { scheduled_at: string | null };
}
export type AccountEventName = keyof AccountEventPayloads;
export type AccountEventPayload<E extends AccountEventName> = AccountEventPayloads[E];

/** An event about one chat account, on its owner's channel and the operators' channel. */
export type AccountEvent = {
  [E in AccountEventName]: {
    event: E;
    payload: { deviceId: string } & Dated & AccountEventPayloads[E];
    sender: EventSender;
  };
}[AccountEventName];

/** A generator's or validator's row as its live events carry it. */
export type LookupProgress = {
  id: number;
  count_success: number;
  count_fail: number;
  status: string;
  progress: number;
  position: number;
  total: number;
  current_number: string | null;
};

export type LookupEventName =
  'generating' | 'validating' | 'update_target' | 'finished' | 'error_generate' | 'error_validate' | 'stop';

/** A generator's or validator's progress; the payload names its kind (`generator` or `validator`). */
export type LookupEvent = {
  event: LookupEventName;
  payload: Partial<Record<LookupKind, LookupProgress>> &
    Dated & { number?: string; found?: boolean; progress?: number; message?: string };
  sender: EventSender;
};

/** The connect flow's events, for a device not yet saved as an account. */
type DeviceEventPayloads = {
  qr: { qr: string };
  code: { code: string };
  authenticated: { pushname: string; phonenumber: string; server: string; serialized: string };
  unhandledRejection: { message: string };
  uncaughtException: { message: string };
  database_error: { message: string };
  'connection.update': { state: string };
};
export type DeviceEvent = {
  [E in keyof DeviceEventPayloads]: {
    event: E;
    payload: { deviceId: string | null } & Dated & DeviceEventPayloads[E];
    sender?: undefined;
  };
}[keyof DeviceEventPayloads];

/** A phone number's counts and in-use mark, on the 'client-admin' channel: every list of numbers follows them live. */
export type PhoneNumberEvent =
  | { event: 'in_use'; payload: { receiverId: number; id: number; in_use: number }; sender?: undefined }
  | {
      event: 'count_success' | 'count_fail';
      payload: {
        receiverId: number;
        id: number;
        count_success: number;
        count_fail: number;
        last_sent: string | null;
        in_use: number;
      };
      sender?: undefined;
    };

/** Money and opt-out events. */
export type AccountingEvent =
  | { event: 'suppressed'; payload: SuppressionRow & Dated; sender?: undefined }
  | { event: 'bonus'; payload: { nominal: number }; sender?: undefined }
  | {
      event: 'withdraw_requested' | 'withdraw_updated';
      payload: { withdraw: WithdrawRow };
      sender?: undefined;
    };

/** How far an import got, on its uploader's private channel only (`importProgressSchema`). */
export type ImportProgressEvent = { event: 'import_progress'; payload: ImportProgress; sender?: undefined };

/**
 * A message came into (or went out of) an inbox thread: on the account owner's private channel and the
 * operators' channel, so every open inbox of theirs shows it at once.
 */
export type InboxEvent = {
  event: 'inbox_message';
  payload: {
    thread_id: number;
    whatsapp_id: number;
    user_id: number;
    counterpart: string;
    direction: InboxDirection;
    text: string;
    at: string;
  } & Dated;
  sender?: undefined;
};

/**
 * A template's first batch drew feedback past a threshold and it was paused: on the operators'
 * channel, its author's and the owner's of the blast that found it; `reason` in the spec's wording,
 * `hold` and `remedy` naming the messages (why, and what to change).
 */
export type TemplateEvent = {
  event: 'template_paused';
  payload: { template_id: number; reason: string; hold: MessageRef; remedy: MessageRef } & Dated;
  sender?: undefined;
};

/** One JSON message on the realtime socket. */
export type RealtimeEvent =
  | AccountEvent
  | LookupEvent
  | DeviceEvent
  | PhoneNumberEvent
  | AccountingEvent
  | ImportProgressEvent
  | InboxEvent
  | TemplateEvent;
export type RealtimeEventName = RealtimeEvent['event'];
/** Any message as read off the socket before it is narrowed: every RealtimeEvent is one. */
export type RealtimeMessage = { event: string; payload: Record<string, unknown>; sender?: EventSender };

/** Every event name the server sends, for code that lists them. */
export const REALTIME_EVENT_NAMES = [
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
  'paused',
  'scheduled',
  'generating',
  'validating',
  'update_target',
  'error_generate',
  'error_validate',
  'qr',
  'code',
  'authenticated',
  'unhandledRejection',
  'uncaughtException',
  'database_error',
  'in_use',
  'suppressed',
  'bonus',
  'withdraw_requested',
  'withdraw_updated',
  'import_progress',
  'inbox_message',
  'template_paused',
] as const satisfies readonly RealtimeEventName[];
