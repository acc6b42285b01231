import { z } from '../validation-texts';
import { MESSAGE_KEY as MSG } from '../messages';
import { idSchema, pageQuerySchema } from './common';

/** The longest reply a member may write in a thread (a chat message, not a template). */
export const INBOX_REPLY_MAX_CHARS = 4_096;

/** 'in': the recipient wrote to the account; 'out': the account answered in the thread. */
export const INBOX_DIRECTIONS = ['in', 'out'] as const;
export type InboxDirection = (typeof INBOX_DIRECTIONS)[number];

/** A conversation of one chat account with one number, as the inbox lists it (newest activity first). */
export const inboxThreadRowSchema = z.object({
  id: z.number().int(),
  whatsapp_id: z.number().int(),
  /** The account's own number (or name) as the list shows it. */
  account: z.string().nullable(),
  user_id: z.number().int(),
  counterpart: z.string(),
  last_text: z.string(),
  last_direction: z.enum(INBOX_DIRECTIONS),
  last_at: z.string(),
  /** Messages the owner has not opened yet. */
  unread: z.number().int(),
});
export type InboxThreadRow = z.infer<typeof inboxThreadRowSchema>;

/** One message of a thread; an inbound one names the blast message and template it answered, if any. */
export const inboxMessageRowSchema = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  direction: z.enum(INBOX_DIRECTIONS),
  text: z.string(),
  at: z.string(),
  message_log_id: z.number().int().nullable(),
  template_id: z.number().int().nullable(),
  /** Who answered (an outbound message). */
  sent_by: z.number().int().nullable(),
});
export type InboxMessageRow = z.infer<typeof inboxMessageRowSchema>;

export const inboxThreadsQuerySchema = pageQuerySchema.extend({
  /** One chat account's threads only. */
  whatsapp_id: idSchema().optional().catch(undefined),
  /** Only threads with messages the owner has not opened. */
  unread: z
    .enum(['1', 'true'])
    .optional()
    .catch(undefined)
    .transform((value) => value !== undefined),
});

export const inboxThreadParamSchema = z.object({ id: idSchema() });

export const inboxReplyBodySchema = z.object({
  text: z
    .string({ error: MSG.inboxReplyRequired })
    .trim()
    .min(1, { error: MSG.inboxReplyRequired })
    .max(INBOX_REPLY_MAX_CHARS, { error: MSG.inboxReplyTooLong }),
  /**
   * An operator answering in another user's thread says so here, as for a direct send
   * (docs/decisions.md, "One send policy"); without it the reply is refused.
   */
  on_behalf_of_owner: z.boolean({ error: MSG.invalidRequest }).default(false),
});
