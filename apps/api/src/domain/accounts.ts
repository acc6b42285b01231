import {
  REALTIME_CHANNEL_ADMIN,
  isDisconnected,
  type AccountEvent,
  type AccountEventName,
  type AccountEventPayload,
} from '@blaster/contract';
import type { whatsappAccounts } from '../db/schema';
import type { ChatGateway } from '../gateway/gateway';
import type { RealtimeHub } from '../realtime/hub';

export type AccountRow = typeof whatsappAccounts.$inferSelect;

/** The account as list rows and events carry it: one shape, so an event can replace a row. */
export function presentAccount(row: AccountRow) {
  return {
    id: row.id,
    user_id: row.userId,
    clientid: row.clientid,
    phonenumber: row.phonenumber,
    pushname: row.pushname,
    server: row.server,
    serialized: row.serialized,
    state: row.state,
    status: row.status as 'idle' | 'sending',
    count_success: row.countSuccess,
    count_fail: row.countFail,
    income: row.income,
    suspended: row.suspended,
    suspended_count: row.suspendedCount,
    proxyId: row.proxyId,
    paused_reason: row.pausedReason,
    paused_at: row.pausedAt ? row.pausedAt.toISOString() : null,
    scheduled_at: row.blastScheduledAt ? row.blastScheduledAt.toISOString() : null,
  };
}

/**
 * Whether the account can send: saved as connected and connected in this process's gateway. A session
 * saved by another instance (or before a restart) is brought back here first.
 */
export async function connectedSession(gateway: ChatGateway, account: AccountRow) {
  if (account.suspended || isDisconnected(account.state)) return false;
  if (gateway.state(account.clientid) === null) await restoreSession(gateway, account);
  return gateway.state(account.clientid) === 'connected';
}

/** Brings an account's saved session back in the gateway (after a restart, a conflict or a suspension). */
export async function restoreSession(gateway: ChatGateway, account: AccountRow) {
  if (!account.phonenumber) return;
  await gateway.restoreClient(account.clientid, {
    pushname: account.pushname ?? '',
    phonenumber: account.phonenumber,
    server: account.server ?? 'c.us',
    serialized: account.serialized ?? `${account.phonenumber}@c.us`,
  });
}

/** An event about one account, on its owner's channel and the operators' channel. */
export function publishAccountEvent<E extends AccountEventName>(
  hub: RealtimeHub,
  account: AccountRow,
  event: E,
  ...[payload]: Record<never, never> extends AccountEventPayload<E>
    ? [AccountEventPayload<E>?]
    : [AccountEventPayload<E>]
) {
  const message = {
    event,
    payload: { deviceId: account.clientid, date: new Date().toISOString(), ...payload },
    sender: {
      id: account.id,
      user_id: account.userId,
      clientid: account.clientid,
      state: account.state,
      status: account.status,
    },
  } as AccountEvent;
  hub.publish(account.userId, message);
  hub.publish(REALTIME_CHANNEL_ADMIN, message);
}
