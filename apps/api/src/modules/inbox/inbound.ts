import {
  REALTIME_CHANNEL_ADMIN,
  normalizeNumber,
  type InboxMessageRow,
  type InboxThreadRow,
} from '@blaster/contract';
import type { Db } from '../../db';
import type { RealtimeHub } from '../../realtime/hub';
import { privateChannelOf } from '../../realtime/hub';
import { isOptOutReply } from '../suppression/opt-out-reply';
import {
  inboxRepository as inbox,
  type InboxMessageRecord,
  type NewInboxMessage,
  type ThreadActivity,
  type ThreadRecord,
} from './repository';

/** A message a recipient sent to one of the devices, as the gateway told it. */
export interface Inbound {
  deviceId: string;
  from: string;
  text: string;
  at: Date;
}

export const presentThread = (row: ThreadRecord): InboxThreadRow => ({
  id: row.id,
  whatsapp_id: row.whatsappId,
  account: row.account,
  user_id: row.userId,
  counterpart: row.counterpart,
  last_text: row.lastText,
  last_direction: row.lastDirection,
  last_at: new Date(row.lastAt).toISOString(),
  unread: row.unread,
});

export const presentMessage = (row: InboxMessageRecord): InboxMessageRow => ({
  id: row.id,
  thread_id: row.threadId,
  direction: row.direction,
  text: row.text,
  at: new Date(row.at).toISOString(),
  message_log_id: row.messageLogId,
  template_id: row.templateId,
  sent_by: row.sentBy,
});

/** Tells the thread's owner (on every instance) and the operators that a message came or went. */
export function publishInboxMessage(hub: RealtimeHub, row: InboxMessageRecord) {
  const at = new Date(row.at).toISOString();
  const message = {
    event: 'inbox_message' as const,
    payload: {
      thread_id: row.threadId,
      whatsapp_id: row.whatsappId,
      user_id: row.userId,
      counterpart: row.counterpart,
      direction: row.direction,
      text: row.text,
      at,
      date: at,
    },
  };
  hub.publish(privateChannelOf(row.userId), message);
  hub.publish(REALTIME_CHANNEL_ADMIN, message);
}

/** Each thread's newest message of the batch and how many inbound ones it adds to the unread. */
function activityOf(messages: NewInboxMessage[]): ThreadActivity[] {
  const threads = new Map<string, ThreadActivity>();
  for (const message of messages) {
    const key = `${message.whatsappId}|${message.counterpart}`;
    const known = threads.get(key);
    const unread = (known?.unread ?? 0) + (message.direction === 'in' ? 1 : 0);
    if (!known || message.at >= known.lastAt)
      threads.set(key, {
        whatsappId: message.whatsappId,
        userId: message.userId,
        counterpart: message.counterpart,
        lastAt: message.at,
        lastText: message.text,
        lastDirection: message.direction,
        unread,
      });
    else known.unread = unread;
  }
  return [...threads.values()];
}

/** The earliest reply (other than STOP, which is the opted-out stage) to each attributed blast message. */
function firstReplies(messages: NewInboxMessage[]) {
  const replies = new Map<number, Date>();
  for (const message of messages) {
    if (message.messageLogId === null || isOptOutReply(message.text)) continue;
    const known = replies.get(message.messageLogId);
    if (!known || message.at < known) replies.set(message.messageLogId, message.at);
  }
  return replies;
}

/**
 * Stores a batch of inbound messages in one transaction: each is attributed to the last blast message
 * its account sent the number within the window, filed in its thread, and the blast messages answered
 * are marked replied. Messages to devices without a saved account are left out. Answers the stored rows.
 */
export async function storeInbound(db: Db, batch: Inbound[], attributionHours: number) {
  const accounts = new Map(
    (await inbox.accountsOf(db, [...new Set(batch.map((item) => item.deviceId))])).map((account) => [
      account.clientid,
      account,
    ]),
  );
  const known = batch.flatMap((item) => {
    const account = accounts.get(item.deviceId);
    const counterpart = normalizeNumber(item.from);
    return account && counterpart ? [{ account, counterpart, item }] : [];
  });
  if (known.length === 0) return [];
  const attributed = await inbox.lastReached(
    db,
    known.map(({ account, counterpart, item }) => ({ whatsappId: account.id, counterpart, at: item.at })),
    attributionHours,
  );
  const messages: NewInboxMessage[] = known.map(({ account, counterpart, item }, i) => ({
    whatsappId: account.id,
    userId: account.userId,
    counterpart,
    direction: 'in',
    text: item.text,
    at: item.at,
    ...attributed[i]!,
    sentBy: null,
  }));
  return db.transaction(async (tx) => {
    // The logs first, in the order the blast's settle and the opt-outs lock them.
    await inbox.markReplied(tx, firstReplies(messages));
    await inbox.markWroteIn(tx, [...new Set(messages.map((message) => message.counterpart))]);
    const threads = await inbox.touchThreads(tx, activityOf(messages));
    return inbox.insertMessages(
      tx,
      messages.map((message) => ({
        ...message,
        threadId: threads.get(`${message.whatsappId}|${message.counterpart}`)!,
      })),
    );
  });
}
