import {
  MSG,
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_CLIENT_ADMIN,
  type Message,
  type MessageParam,
  type PauseKind,
} from '@blaster/contract';
import { presentAccount, publishAccountEvent, type AccountRow } from '../../domain/accounts';
import type { Hold } from '../../domain/governance';
import type { RealtimeHub } from '../../realtime/hub';
import type { Claimed, Outcome, PhoneCounts } from './source';

/** A message's blanks as plain values (a nested message in its spec wording). */
const plainParams = (params: Readonly<Record<string, MessageParam>>) =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? String(value) : value]),
  );

/** What a running blast tells the panel, on the account's channels and the phone-number channel. */
export class BlastEvents {
  constructor(private readonly hub: RealtimeHub) {}

  reconnecting(account: AccountRow) {
    publishAccountEvent(this.hub, { ...account, state: 'reconnecting...' }, 'reconnecting');
  }

  failed(account: AccountRow, error: unknown) {
    publishAccountEvent(this.hub, account, 'error_blast', { message: String(error) });
  }

  scheduledStart(account: AccountRow) {
    publishAccountEvent(this.hub, account, 'scheduled', { scheduled_at: null });
    publishAccountEvent(this.hub, account, 'sending');
  }

  /** The row reads 'Generating...' while the round's targets and messages are prepared. */
  preparing(account: AccountRow) {
    publishAccountEvent(this.hub, account, 'progressing', { value: true });
  }

  sending(account: AccountRow, claimed: Claimed[]) {
    for (const target of claimed) publishPhoneInUse(this.hub, target.phoneId);
    publishAccountEvent(this.hub, account, 'sending', { number: claimed[0]!.number });
  }

  /** The blast was stopped while a round ran: the round's end says so last. */
  stopped(account: AccountRow) {
    publishAccountEvent(this.hub, account, 'idle');
  }

  waiting(account: AccountRow, waitTime: number) {
    publishAccountEvent(this.hub, account, 'waiting', { waitTime, value: true });
  }

  /** Quiet hours or a spent cap: the blast stays started and waits, telling why. */
  held(account: AccountRow, hold: Hold) {
    publishAccountEvent(this.hub, account, 'waiting', {
      waitTime: Math.ceil(hold.retryMs / 1000),
      value: true,
      // Sockets carry the spec's wording, and the message's key for readers of other languages.
      reason: String(hold.reason),
      hold: { key: hold.reason.key, params: plainParams(hold.reason.params) },
    });
  }

  finished(account: AccountRow, event: 'finished' | 'error_blast', { message }: { message?: Message }) {
    publishAccountEvent(this.hub, account, event, {
      state: account.state,
      // Sockets carry the spec's wording, and the message's key for readers of other languages.
      ...(message
        ? { message: String(message), reason: { key: message.key, params: plainParams(message.params) } }
        : {}),
    });
  }

  /** A template was paused by its batch's feedback: told to the operators, its author and the blast's owner. */
  templatePaused(account: AccountRow, authorId: number | null, templateId: number, reason: Message) {
    const message = {
      event: 'template_paused' as const,
      payload: {
        template_id: templateId,
        reason: String(reason),
        hold: { key: reason.key, params: plainParams(reason.params) },
        remedy: { key: MSG.templatePausedRemedy.key, params: {} },
        date: new Date().toISOString(),
      },
    };
    this.hub.publish(REALTIME_CHANNEL_ADMIN, message);
    for (const userId of new Set([authorId, account.userId]))
      if (userId !== null) this.hub.publish(userId, message);
  }

  paused(account: AccountRow, reason: Message | string, kind: PauseKind) {
    publishAccountEvent(this.hub, account, 'paused', {
      reason: String(reason),
      kind,
      whatsapp: presentAccount(account),
    });
  }

  /**
   * Tells the round's results: one count update per round on the account (so a fast account sends a
   * few a second, not one per message), and each number's new counts on the phone-number channel.
   */
  round(account: AccountRow, outcomes: Outcome[], phones: PhoneCounts[]) {
    const { hub } = this;
    const counts = {
      whatsapp: presentAccount(account),
      count_success: account.countSuccess,
      count_fail: account.countFail,
      income: account.income,
    };
    const failures = outcomes.filter((o) => !o.result.ok);
    if (failures.length < outcomes.length) publishAccountEvent(hub, account, 'count_success', counts);
    if (failures.length > 0) publishAccountEvent(hub, account, 'count_fail', counts);
    const okOf = new Map(outcomes.map((o) => [o.phoneId, o.result.ok]));
    for (const phone of phones)
      publishPhoneCounts(hub, okOf.get(Number(phone.id)) ? 'count_success' : 'count_fail', phone);
    const suspension = outcomes.find((o) => 'suspended' in o.result);
    if (suspension) {
      publishAccountEvent(hub, account, 'suspended', {
        state: 'suspended',
        suspended_count: account.suspendedCount,
        count_success: account.countSuccess,
        count_fail: account.countFail,
        income: account.income,
      });
      return;
    }
    const lastFailure = failures.at(-1)?.result;
    if (lastFailure && !lastFailure.ok && 'code' in lastFailure)
      publishAccountEvent(hub, account, 'attempting', { code: lastFailure.code, value: true });
  }
}

function publishPhoneInUse(hub: RealtimeHub, id: number) {
  hub.publish(REALTIME_CHANNEL_CLIENT_ADMIN, { event: 'in_use', payload: { receiverId: id, id, in_use: 1 } });
}

function publishPhoneCounts(hub: RealtimeHub, event: 'count_success' | 'count_fail', phone: PhoneCounts) {
  const id = Number(phone.id);
  hub.publish(REALTIME_CHANNEL_CLIENT_ADMIN, {
    event,
    payload: {
      receiverId: id,
      id,
      count_success: phone.count_success,
      count_fail: phone.count_fail,
      last_sent: phone.last_sent ? new Date(phone.last_sent).toISOString() : null,
      in_use: phone.in_use,
    },
  });
}
