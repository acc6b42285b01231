import { z } from '../validation-texts';
import { messageTable } from '../messages';
import { lenientIdSchema, pageQuerySchema, sortQuerySchema } from './common';

/**
 * Outbound webhooks: the operator's own receivers are told of delivery, opt-out and account events,
 * signed and retried from a queue in the database (docs/operations.md "Webhooks").
 */

/** Texts of the webhook screens and answers (decision: the spec has no webhook feature). */
export const WEBHOOK_TEXT = {
  menu: 'Webhook',
  title: 'Webhook',
  endpointsTitle: 'Endpoint Webhook',
  deliveriesTitle: 'Pengiriman Webhook',
  addEndpoint: 'Tambah Endpoint',
  url: 'URL',
  description: 'Keterangan',
  events: 'Event',
  active: 'Aktif',
  inactive: 'Nonaktif',
  save: 'Simpan',
  cancel: 'Batal',
  edit: 'Edit',
  delete: 'Hapus',
  rotateSecret: 'Ganti Secret',
  sendTest: 'Kirim Event Uji',
  retryNow: 'Kirim Ulang Sekarang',
  status: 'Status',
  attempts: 'Percobaan',
  nextAttempt: 'Percobaan Berikut',
  lastError: 'Error Terakhir',
  eventType: 'Jenis Event',
  createdAt: 'Dibuat',
  deliveredAt: 'Terkirim',
  allEndpoints: 'Semua endpoint',
  allStatuses: 'Semua status',
  statusPending: 'Menunggu',
  statusRetrying: 'Mengulang',
  statusDelivered: 'Terkirim',
  statusDead: 'Dihentikan',
  replay: 'Putar Ulang',
  secretOnce: 'Simpan secret ini sekarang: ia tidak ditampilkan lagi.',
  secretHint: 'Secret',
  noEndpoints: 'Belum ada endpoint webhook.',
  urlRequired: 'URL wajib diisi.',
  urlInvalid: 'URL webhook tidak valid.',
  urlScheme: 'URL webhook harus diawali http:// atau https://.',
  urlNotPublic:
    'URL webhook harus menuju alamat publik: alamat lokal, privat atau internal ditolak (kecuali diizinkan operator server).',
  eventsRequired: 'Pilih minimal satu event.',
  endpointNotFound: 'Endpoint webhook tidak ditemukan.',
  deliveryNotFound: 'Pengiriman webhook tidak ditemukan.',
  alreadyDelivered: 'Event ini sudah diterima endpoint; tidak dikirim ulang.',
  endpointInactive: 'Endpoint nonaktif: aktifkan dulu untuk mengirim.',
  saved: 'Endpoint webhook disimpan.',
  deleted: 'Endpoint webhook dihapus.',
  confirmDelete: (url: string) => `Hapus endpoint ${url}? Pengiriman yang belum terkirim ikut dihapus.`,
  confirmRotate: 'Ganti secret? Penerima harus memakai secret baru mulai sekarang.',
  testQueued: 'Event uji dimasukkan ke antrean.',
  retryQueued: 'Pengiriman dijadwalkan ulang sekarang.',
  replayQueued: 'Pengiriman yang dihentikan dijadwalkan lagi sekarang.',
  deadUseReplay: 'Pengiriman ini sudah dihentikan: pakai Putar Ulang.',
  notDead: 'Pengiriman ini belum dihentikan: pakai Kirim Ulang Sekarang.',
  tooManyTests: 'Terlalu banyak event uji untuk endpoint ini. Tunggu sebentar lalu coba lagi.',
  errorTimedOut: 'Waktu habis',
  errorConnectionFailed: 'Koneksi gagal',
  errorAddressRefused: 'Alamat tidak diizinkan',
  errorFetchingEndpoints: 'Error fetching Webhook endpoints',
  errorFetchingDeliveries: 'Error fetching Webhook deliveries',
} as const;

/** The webhook answers as messages by key (`webhook.name`), written in each reader's language. */
export const WEBHOOK_MSG = /* @__PURE__ */ messageTable('webhook', WEBHOOK_TEXT, { confirmDelete: ['url'] });

/** The webhook texts' catalog keys, for validation issues: written in the reader's language where shown. */
const WEBHOOK_KEY = {
  urlRequired: 'webhook.urlRequired',
  urlInvalid: 'webhook.urlInvalid',
  urlScheme: 'webhook.urlScheme',
  eventsRequired: 'webhook.eventsRequired',
} as const;

/**
 * Every event a receiver can subscribe to. `message.delivery` and `number.opted_out` are sent by the
 * blast engine and the opt-out handling; `webhook.test` only by the "send test event" action.
 */
export const WEBHOOK_EVENT_TYPES = [
  'message.delivery',
  'number.opted_out',
  'account.status',
  'account.suspended',
  'account.disconnected',
  'account.paused',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Events an endpoint can choose (the test event goes to the endpoint it is sent to, chosen or not). */
export const SUBSCRIBABLE_WEBHOOK_EVENTS = WEBHOOK_EVENT_TYPES.filter(
  (type): type is Exclude<WebhookEventType, 'webhook.test'> => type !== 'webhook.test',
);

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'message.delivery': 'Status pesan (sent, failed, delivered, read, opted_out)',
  'number.opted_out': 'Nomor berhenti berlangganan',
  'account.status': 'Status koneksi akun',
  'account.suspended': 'Akun disuspend',
  'account.disconnected': 'Akun terputus',
  'account.paused': 'Blast akun dijeda',
  'webhook.test': 'Event uji',
};

/**
 * A blasted message's stages as receivers hear them: `sent` or `failed` once the send is settled, then
 * `delivered` and `read` as the network acknowledges them, and `opted_out` when the recipient answers
 * STOP. A claimed message is not told before its send: one the round does not reach goes back to the
 * list and never was.
 */
export const MESSAGE_DELIVERY_STATUSES = ['sent', 'failed', 'delivered', 'read', 'opted_out'] as const;
export type MessageDeliveryStatus = (typeof MESSAGE_DELIVERY_STATUSES)[number];

/** The account part of every account event: which chat account, whose, and how it stands now. */
interface AccountRef {
  whatsapp_id: number;
  user_id: number;
  clientid: string;
  phonenumber: string | null;
  state: string | null;
}

/** The `data` of each event type, as receivers get it. */
export interface WebhookPayloads {
  /**
   * One blasted message reached a stage; `message_log_id` is the message log row, `at` when the stage
   * was reached. A message's stages arrive in order, within its account's sequence.
   */
  'message.delivery': {
    message_log_id: number;
    whatsapp_id: number;
    user_id: number;
    number: string;
    status: MessageDeliveryStatus;
    /** Why it failed, for 'failed' (null otherwise). */
    error?: string | null;
    at: string;
  };
  /** A number asked not to be messaged again; the account it answered, when known. */
  'number.opted_out': {
    number: string;
    whatsapp_id: number | null;
    reason: string | null;
    at: string;
  };
  /** The account's connection state changed (connected, conflict, loggedOut, ...). */
  'account.status': AccountRef & { previous_state?: string | null };
  /** The chat network suspended the account; its blast stopped. */
  'account.suspended': AccountRef & { suspended_count: number };
  /** The account's session ended: logged out, taken over elsewhere, or disconnected. */
  'account.disconnected': AccountRef & { reason: string };
  /** The account's blast was paused by the system (for example after repeated failures). */
  'account.paused': AccountRef & { reason: string };
  'webhook.test': { endpoint_id: number; message: string };
}

/** The JSON body of every webhook request (signed as sent: see docs/operations.md). */
export interface WebhookBody<T extends WebhookEventType = WebhookEventType> {
  /** The idempotency id, also in the X-Blaster-Event-Id header: the same on every retry. */
  id: string;
  type: T;
  created_at: string;
  /** The chat account the event is about (null for events about none), and its position among them. */
  account_id: number | null;
  sequence: number;
  data: WebhookPayloads[T];
}

export const WEBHOOK_HEADERS = {
  signature: 'X-Blaster-Signature',
  timestamp: 'X-Blaster-Timestamp',
  eventId: 'X-Blaster-Event-Id',
  eventType: 'X-Blaster-Event-Type',
} as const;

/** The WHATWG URL parser both Node and browsers have (this package builds without DOM or Node types). */
interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
}
const UrlParser = (globalThis as unknown as { URL: new (text: string) => ParsedUrl }).URL;

/** A receiver's address: http or https only (the operator's own receiver). */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_KEY.urlRequired })
  .trim()
  .min(1, { error: WEBHOOK_KEY.urlRequired })
  .max(2000, { error: WEBHOOK_KEY.urlInvalid })
  .superRefine((value, check) => {
    let parsed: ParsedUrl;
    try {
      parsed = new UrlParser(value);
    } catch {
      check.addIssue({ code: 'custom', message: WEBHOOK_KEY.urlInvalid });
      return;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      check.addIssue({ code: 'custom', message: WEBHOOK_KEY.urlScheme });
    else if (parsed.username || parsed.password || !parsed.hostname)
      check.addIssue({ code: 'custom', message: WEBHOOK_KEY.urlInvalid });
  });

const eventsSchema = z
  .array(z.enum(SUBSCRIBABLE_WEBHOOK_EVENTS, { error: WEBHOOK_KEY.eventsRequired }), {
    error: WEBHOOK_KEY.eventsRequired,
  })
  .min(1, { error: WEBHOOK_KEY.eventsRequired })
  .transform((events) => [...new Set(events)]);

export const webhookEndpointBodySchema = z.object({
  url: webhookUrlSchema,
  description: z.string().trim().max(200).optional().default(''),
  events: eventsSchema,
  active: z.boolean().optional().default(true),
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(SUBSCRIBABLE_WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** The secret's last four characters, so operators can tell which one a receiver holds. */
  secretHint: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  /** Deliveries not yet accepted by the receiver. */
  pending: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** `dead`: still refused after the retry limit (docs/operations.md); sent again only when replayed. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Deliveries sort by the time they were queued, either way: the id's order, on its own indexes. */
export const WEBHOOK_DELIVERY_SORT_KEYS = ['time'] as const;
export const webhookDeliveryPageQuerySchema = pageQuerySchema.extend({
  endpoint: lenientIdSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional().catch(undefined),
  ...sortQuerySchema(WEBHOOK_DELIVERY_SORT_KEYS).shape,
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  endpointUrl: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  accountId: z.number().int().nullable(),
  sequence: z.number().int(),
  /** What the event tells, in a few words (a message's stage and number, an account's state). */
  detail: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  /** What went wrong, in a few fixed words (timed out, connection failed, HTTP 500...), never more. */
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
