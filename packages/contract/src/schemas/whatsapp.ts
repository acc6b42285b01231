import { z } from '../validation-texts';
import { PAIRING_CODE_LENGTH, PHONE_PREFIX } from '../constants';
// Validation issues carry a message's key; it is written in the reader's language where it is shown.
import { MESSAGE_KEY as MSG } from '../messages';
import { idSchema, pageQuerySchema, sortQuerySchema, wholeNumberSchema } from './common';

/** Connection states a chat account reports, as the gateway tells them. */
export const CONNECTION_STATES = ['connected', 'loggedOut', 'conflict', 'disconnected', 'unknown'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];
/** States that refuse start/stop and offer Reconnect: a blast needs a live session; null is "missing". */
export const DISCONNECTED_STATES: readonly (string | null)[] = [
  null,
  'disconnected',
  'unknown',
  'loggedOut',
  'conflict',
];
export const isDisconnected = (state: string | null | undefined) =>
  state === undefined || DISCONNECTED_STATES.includes(state);
/** Options of the list's status filter, 'Semua' being empty. */
export const WHATSAPP_FILTERS = [
  'connected',
  'loggedOut',
  'conflict',
  'disconnected',
  'unknown',
  'sending',
  'suspended',
] as const;

/** Device ids are 'id-{timestamp}-{random below 10000}'. */
export const deviceIdSchema = z
  .string()
  .trim()
  .regex(/^id-\d{10,16}-\d{1,4}$/, { error: 'Invalid device id' });
export const newDeviceId = (now = Date.now(), random = Math.random()) =>
  `id-${now}-${Math.floor(random * 10_000)}`;

export const pairingPhoneSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^${PHONE_PREFIX}\\d{8,13}$`), { error: `Nomor harus diawali ${PHONE_PREFIX}` });

export const newClientBodySchema = z.object({
  deviceId: deviceIdSchema,
  userId: idSchema().optional(),
  previousDeviceId: z.string().trim().max(40).nullish(),
  /** Present in pairing-code mode. */
  phoneNumber: z.union([z.literal(''), pairingPhoneSchema]).nullish(),
});
export const deviceBodySchema = z.object({ deviceId: deviceIdSchema });
export const deviceParamSchema = z.object({ deviceId: deviceIdSchema });

export const saveWhatsappBodySchema = z
  .object({
    clientid: deviceIdSchema,
    user_id: idSchema().optional(),
    /** Id of the account being reconnected (query r of the connect page). */
    reconnect: z.union([z.literal(''), idSchema()]).nullish(),
  })
  .passthrough();

/**
 * The columns the chat-account list sorts by on request: the sent, failed and income figures, each on
 * an index ending in the id (migration 0021), so the busiest or most failing accounts come first.
 */
export const WHATSAPP_SORT_KEYS = ['success', 'failed', 'income'] as const;

export const whatsappPageQuerySchema = pageQuerySchema.extend({
  user_id: z.union([z.literal(''), z.literal('null'), idSchema()]).optional(),
  synced: z.string().max(20).optional(),
  /** Status filter: one of the list's options. */
  s: z.union([z.literal(''), z.enum(WHATSAPP_FILTERS)]).optional(),
  ...sortQuerySchema(WHATSAPP_SORT_KEYS).shape,
});

export const blastStartBodySchema = z.object({
  whatsappClientId: z.union([idSchema(), deviceIdSchema]),
  socketClientId: z.string().max(100).nullish(),
  loop: z.unknown().optional(),
});
/** A start names the blast's audience: a saved segment; left out, every number a blast may claim. */
export const blastStartWithAudienceBodySchema = blastStartBodySchema.extend({
  segmentId: idSchema().nullish(),
});
export const accountIdBodySchema = z.object({ id: idSchema() });
export const whatsappStatusBodySchema = z.object({
  id: idSchema(),
  status: z.enum(['idle', 'sending']),
});
export const whatsappIntervalBodySchema = z
  .object({
    id: idSchema(),
    interval_min: wholeNumberSchema(),
    interval_max: wholeNumberSchema(),
  })
  .refine((value) => value.interval_min <= value.interval_max, { path: ['interval_min'] });
export const sendMessageBodySchema = z.object({
  senders: z.string().trim().min(1).max(40),
  targets: z.string().trim().min(1).max(200_000),
  message: z.string().trim().min(1).max(10_000),
  /**
   * An operator sending from another user's account says so here; without it the send is refused
   * (docs/decisions.md, "One send policy"). Recorded in the audit trail either way.
   */
  on_behalf_of_owner: z.boolean({ error: MSG.invalidRequest }).default(false),
});
export const sandboxScanBodySchema = z.object({
  deviceId: deviceIdSchema,
  code: z
    .string()
    .trim()
    .toUpperCase()
    .transform((value) => value.replace(/-/g, ''))
    .pipe(z.string().length(PAIRING_CODE_LENGTH))
    .optional(),
});

/** What a developer can make a sandbox device do: change its connection, fail its next send, raise an error. */
export const SANDBOX_DEVICE_ACTIONS = [
  ...CONNECTION_STATES,
  'suspendNext',
  'unhandledRejection',
  'uncaughtException',
  'database_error',
] as const;
export const sandboxDeviceBodySchema = z.object({
  deviceId: deviceIdSchema,
  action: z.enum(SANDBOX_DEVICE_ACTIONS),
});
const shareSchema = z.number().min(0).max(1);
/**
 * The sandbox network's reputation model, changed by a dev: how recipients react to a device's
 * messages or to a template's (any message containing `template`), a device's tier, and the clock.
 */
export const sandboxNetworkBodySchema = z.object({
  deviceId: deviceIdSchema.optional(),
  template: z.string().trim().min(1).max(200).optional(),
  /** Null: back to the network's own rates. */
  reactions: z.object({ blockRate: shareSchema, reportRate: shareSchema }).nullable().optional(),
  /** How often a template's recipients read, click and answer in words (with `template`); null: the network's. */
  engagement: z
    .object({
      readRate: shareSchema.optional(),
      clickRate: shareSchema.optional(),
      conversationRate: shareSchema.optional(),
    })
    .nullable()
    .optional(),
  /** An index into the tiers: 0 is 250 recipients in 24 hours, 4 unlimited. */
  tier: z.number().int().min(0).max(4).optional(),
  /** Moves the network's clock forward, at most 30 days at once. */
  advanceHours: z.number().min(0).max(720).optional(),
});
/** A sender's standing as the network tells it (null: the reputation model is off). */
export const senderStandingSchema = z.object({
  tier: z.number().int().nullable(),
  recipients: z.number().int(),
  recipientsLeft: z.number().int().nullable(),
  windowRollsInMs: z.number().nullable(),
  restricted: z.boolean(),
  quality: z.enum(['green', 'yellow', 'red']),
  flagged: z.boolean(),
  perSecond: z.number().int(),
  sendsLeftNow: z.number().int(),
});
export type SenderStanding = z.infer<typeof senderStandingSchema>;
/** The standing with its history and the way to the next tier (the sender health page). */
export const senderReportSchema = senderStandingSchema.extend({
  atTierForMs: z.number(),
  flaggedForMs: z.number().nullable(),
  /** Until a flagged sender drops one tier unless it recovers. */
  dropInMs: z.number().nullable(),
  /** null at the unlimited tier. */
  upgrade: z
    .object({
      nextTier: z.number().int().nullable(),
      started: z.number().int(),
      needed: z.number().int(),
      eligibleInMs: z.number(),
      qualityOk: z.boolean(),
    })
    .nullable(),
  /** Each day of the rating's 7 days, oldest first: messages, and blocks plus weighted reports. */
  days: z.array(z.object({ endedAgoMs: z.number(), sent: z.number().int(), negative: z.number() })),
});
export type SenderReport = z.infer<typeof senderReportSchema>;
export const sandboxDemoDataBodySchema = z.object({
  count: z.coerce.number().int().min(1).max(5_000).default(20),
});

export const whatsappRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  clientid: z.string(),
  phonenumber: z.string().nullable(),
  pushname: z.string().nullable(),
  server: z.string().nullable(),
  serialized: z.string().nullable(),
  state: z.string().nullable(),
  status: z.enum(['idle', 'sending']),
  count_success: z.number().int(),
  count_fail: z.number().int(),
  income: z.number().int(),
  suspended: z.boolean(),
  suspended_count: z.number().int(),
  proxyId: z.number().int().nullable(),
  /** Why governance stopped the account's last blast, until it is started again. */
  paused_reason: z.string().nullable().optional(),
  paused_at: z.string().nullable().optional(),
  /** When a scheduled blast starts (ISO time), if one is set. */
  scheduled_at: z.string().nullable().optional(),
  User: z.object({ firstname: z.string(), lastname: z.string() }).optional(),
});
export type WhatsappRow = z.infer<typeof whatsappRowSchema>;

/** One recorded gateway or socket event, as the monitors show it. */
export const monitorMessageSchema = z.object({
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
  sender: z.record(z.string(), z.unknown()).optional(),
});
export type MonitorMessage = z.infer<typeof monitorMessageSchema>;

/** The monitors' filter: events about one device or account, of one kind. */
export const monitorQuerySchema = z.object({
  id: z.string().trim().max(100).optional(),
  type: z.string().max(20).optional(),
});
