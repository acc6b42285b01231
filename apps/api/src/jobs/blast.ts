import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MSG,
  htmlToWa,
  isDisconnected,
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_CLIENT_ADMIN,
  type RealtimeMessage,
} from '@blaster/contract';
import type { Db } from '../db';
import { messageLogs, messageTemplates, phoneNumbers, users, whatsappAccounts } from '../db/schema';
import type { ChatGateway, SendResult } from '../gateway/gateway';
import { creditBlastIncome } from '../ledger/ledger';
import type { RealtimeHub } from '../realtime/hub';
import { readSettings } from '../modules/setting/service';
import { blastFeeOf } from '../modules/users/service';

export type AccountRow = typeof whatsappAccounts.$inferSelect;
type PhoneRow = typeof phoneNumbers.$inferSelect;

/** The account as list rows and events carry it (spec 01 §3). */
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
  };
}

/** Whether start and stop may act on the account: saved as connected and connected in the gateway. */
export const sessionConnected = (gateway: ChatGateway, account: AccountRow) =>
  !isDisconnected(account.state) && gateway.state(account.clientid) === 'connected';

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
export function publishAccountEvent(
  hub: RealtimeHub,
  account: AccountRow,
  event: string,
  payload: Record<string, unknown> = {},
) {
  const message: RealtimeMessage = {
    event,
    payload: { deviceId: account.clientid, date: new Date().toISOString(), ...payload },
    sender: {
      id: account.id,
      user_id: account.userId,
      clientid: account.clientid,
      state: account.state,
      status: account.status,
    },
  };
  hub.publish(account.userId, message);
  hub.publish(REALTIME_CHANNEL_ADMIN, message);
}

function publishPhoneEvent(hub: RealtimeHub, event: string, phone: PhoneRow) {
  hub.publish(REALTIME_CHANNEL_CLIENT_ADMIN, {
    event,
    payload: {
      receiverId: phone.id,
      id: phone.id,
      count_success: phone.countSuccess,
      count_fail: phone.countFail,
      last_sent: phone.lastSent?.toISOString() ?? null,
      in_use: phone.inUse,
    },
  });
}

/** Fills {name} and {phoneNumber} per target (spec 02 §2). */
export function fillTemplate(text: string, target: { name: string; number: string }) {
  return text.replaceAll('{name}', target.name).replaceAll('{phoneNumber}', target.number);
}

export interface BlastEngineOptions {
  db: Db;
  hub: RealtimeHub;
  gateway: ChatGateway;
  /** Multiplies the wait between sends (tests run far below real time). */
  timeScale: number;
  random?: () => number;
}

interface Loop {
  done: Promise<void>;
  wake: () => void;
  /** Started again while finishing: run once more after it ends. */
  again: boolean;
}

/**
 * Runs blasts: one loop per started account, one target at a time. Every send is written as a
 * pending log before it leaves and settled after, so a restart can finish what was in flight
 * without sending anything twice.
 */
export class BlastEngine {
  private readonly loops = new Map<number, Loop>();
  private killed = false;
  private readonly random: () => number;

  constructor(private readonly options: BlastEngineOptions) {
    this.random = options.random ?? Math.random;
  }

  /** After a restart: settle in-flight sends, bring sessions back, and resume started blasts. */
  async resume() {
    const { db, gateway, hub } = this.options;
    const pending = await db.select().from(messageLogs).where(eq(messageLogs.status, 'pending'));
    for (const log of pending) {
      const [account] = await db
        .select()
        .from(whatsappAccounts)
        .where(eq(whatsappAccounts.id, log.whatsappId));
      const outcome = account ? gateway.sendOutcome(account.clientid, `log-${log.id}`) : 'unknown';
      // 'unknown' is counted as failed and never retried: a doubtful target is not sent twice.
      await this.settle(
        log.id,
        outcome === 'sent' ? { ok: true } : { ok: false, code: 0, reason: 'interrupted' },
      );
    }
    await db.update(phoneNumbers).set({ inUse: 0 }).where(eq(phoneNumbers.inUse, 1));

    const sessions = await db.select().from(whatsappAccounts);
    for (const account of sessions) {
      if (account.state !== 'connected' || !account.phonenumber || account.suspended) continue;
      publishAccountEvent(hub, { ...account, state: 'reconnecting...' }, 'reconnecting');
      await restoreSession(gateway, account);
    }
    for (const account of sessions) if (account.status === 'sending') this.start(account.id);
  }

  isRunning(accountId: number) {
    return this.loops.has(accountId);
  }

  /** Starts the account's loop (the caller has set its status to sending). */
  start(accountId: number) {
    if (this.killed) return;
    const running = this.loops.get(accountId);
    if (running) {
      running.again = true;
      return;
    }
    let wake = () => {};
    const loop: Loop = { wake: () => wake(), done: Promise.resolve(), again: false };
    loop.done = this.run(accountId, (resolve) => (wake = resolve))
      .catch(async (error: unknown) => {
        const [account] = await this.options.db
          .select()
          .from(whatsappAccounts)
          .where(eq(whatsappAccounts.id, accountId))
          .catch(() => []);
        if (account)
          publishAccountEvent(this.options.hub, account, 'error_blast', { message: String(error) });
      })
      .finally(() => {
        this.loops.delete(accountId);
        if (loop.again) this.start(accountId);
      });
    this.loops.set(accountId, loop);
  }

  /** Stops waiting at once; a send in flight finishes first (the loop checks status after it). */
  wake(accountId: number) {
    this.loops.get(accountId)?.wake();
  }

  /** Finishes current sends and stops every loop (graceful shutdown). */
  async stopAll() {
    this.killed = true;
    for (const loop of this.loops.values()) loop.wake();
    await Promise.all([...this.loops.values()].map((loop) => loop.done));
  }

  /** Abandons every loop where it stands, as a crash would (tests). */
  kill() {
    this.killed = true;
    for (const loop of this.loops.values()) loop.wake();
  }

  private async account(id: number) {
    const [row] = await this.options.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
    return row;
  }

  private async finish(account: AccountRow, event: 'finished' | 'error_blast' | 'stop', payload = {}) {
    const [idle] = await this.options.db
      .update(whatsappAccounts)
      .set({ status: 'idle' })
      .where(eq(whatsappAccounts.id, account.id))
      .returning();
    publishAccountEvent(this.options.hub, idle ?? account, event, {
      state: (idle ?? account).state,
      ...payload,
    });
  }

  private async run(accountId: number, onWake: (resolve: () => void) => void) {
    const { db, hub, gateway } = this.options;
    for (;;) {
      if (this.killed) return;
      const account = await this.account(accountId);
      if (!account || account.status !== 'sending') return;
      if (account.suspended || gateway.state(account.clientid) !== 'connected') {
        await this.finish(account, 'error_blast', {
          message: `${account.phonenumber ?? account.clientid} is ${account.state}`,
        });
        return;
      }
      const [owner] = await db.select().from(users).where(eq(users.id, account.userId));
      const [template] = await db
        .select()
        .from(messageTemplates)
        .where(eq(messageTemplates.status, 'active'))
        .orderBy(asc(messageTemplates.countUse), asc(messageTemplates.id))
        .limit(1);
      if (!owner || !template) {
        await this.finish(account, 'error_blast', { message: MSG.noActiveTemplate });
        return;
      }

      // Claim the next target and record the attempt before anything leaves.
      const claim = await db.transaction(async (tx) => {
        const [phone] = await tx
          .update(phoneNumbers)
          .set({ inUse: 1 })
          .where(
            eq(
              phoneNumbers.id,
              sql`(select id from ${phoneNumbers} where status = 'active' and last_sent is null and in_use = 0 order by id limit 1 for update skip locked)`,
            ),
          )
          .returning();
        if (!phone) return null;
        const [log] = await tx
          .insert(messageLogs)
          .values({
            userId: account.userId,
            whatsappId: account.id,
            phoneNumberId: phone.id,
            target: phone.number,
            status: 'pending',
            templateId: template.id,
          })
          .returning({ id: messageLogs.id });
        return { phone, logId: log!.id };
      });
      if (!claim) {
        await this.finish(account, 'finished');
        return;
      }
      publishPhoneEvent(hub, 'in_use', claim.phone);
      publishAccountEvent(hub, account, 'sending', { number: claim.phone.number });

      const text = fillTemplate(template.textWa || htmlToWa(template.text), claim.phone);
      const result = await gateway.sendMessage(
        account.clientid,
        claim.phone.number,
        text,
        `log-${claim.logId}`,
      );
      if (this.killed) return; // a crash here leaves the log pending for resume() to settle
      const settled = await this.settle(claim.logId, result);
      if (!settled) return;

      if ('suspended' in result) {
        publishAccountEvent(hub, settled.account, 'suspended', {
          state: 'suspended',
          suspended_count: settled.account.suspendedCount,
          count_success: settled.account.countSuccess,
          count_fail: settled.account.countFail,
          income: settled.account.income,
        });
        return;
      }
      if (!result.ok)
        publishAccountEvent(hub, settled.account, 'attempting', { code: result.code, value: true });

      const fresh = await this.account(accountId);
      if (!fresh || fresh.status !== 'sending' || this.killed) return;
      const waitTime = await this.waitSeconds(owner);
      publishAccountEvent(hub, fresh, 'waiting', { waitTime, value: true });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitTime * 1000 * this.options.timeScale);
        onWake(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private async waitSeconds(owner: typeof users.$inferSelect) {
    const settings = await readSettings(this.options.db);
    const min = owner.blastIntervalMin ?? settings.interval_min;
    const max = Math.max(min, owner.blastIntervalMax ?? settings.interval_max);
    return min + Math.floor(this.random() * (max - min + 1));
  }

  /**
   * Writes a send's result: the log, the account's and the number's counts, the template's use, and
   * the income with its referral share, all in one transaction.
   */
  private async settle(logId: number, result: SendResult) {
    const { db, hub } = this.options;
    const outcome = await db.transaction(async (tx) => {
      const success = result.ok;
      const [log] = await tx
        .update(messageLogs)
        .set({ status: success ? 'success' : 'fail' })
        .where(and(eq(messageLogs.id, logId), eq(messageLogs.status, 'pending')))
        .returning();
      if (!log) return null;
      const [owner] = await tx.select().from(users).where(eq(users.id, log.userId));
      const fee = success && owner ? await blastFeeOf(tx as unknown as Db, owner) : 0;
      const suspended = 'suspended' in result;
      const [account] = await tx
        .update(whatsappAccounts)
        .set({
          countSuccess: sql`${whatsappAccounts.countSuccess} + ${success ? 1 : 0}`,
          countFail: sql`${whatsappAccounts.countFail} + ${success ? 0 : 1}`,
          income: sql`${whatsappAccounts.income} + ${fee}`,
          ...(suspended
            ? {
                suspended: true,
                suspendedCount: sql`${whatsappAccounts.suspendedCount} + 1`,
                state: 'suspended',
                status: 'idle',
              }
            : {}),
        })
        .where(eq(whatsappAccounts.id, log.whatsappId))
        .returning();
      const [phone] = log.phoneNumberId
        ? await tx
            .update(phoneNumbers)
            .set({
              countSuccess: sql`${phoneNumbers.countSuccess} + ${success ? 1 : 0}`,
              countFail: sql`${phoneNumbers.countFail} + ${success ? 0 : 1}`,
              lastSent: sql`now()`,
              inUse: 0,
            })
            .where(eq(phoneNumbers.id, log.phoneNumberId))
            .returning()
        : [];
      if (log.templateId)
        await tx
          .update(messageTemplates)
          .set({ countUse: sql`${messageTemplates.countUse} + 1` })
          .where(eq(messageTemplates.id, log.templateId));
      if (success && fee > 0) {
        const settings = await readSettings(tx as unknown as Db);
        await creditBlastIncome(tx, {
          userId: log.userId,
          messageLogId: log.id,
          amount: fee,
          referralPercent: settings.referral_percent,
        });
      }
      return { account: account!, phone, success };
    });
    if (!outcome) return null;
    publishAccountEvent(hub, outcome.account, outcome.success ? 'count_success' : 'count_fail', {
      whatsapp: presentAccount(outcome.account),
      count_success: outcome.account.countSuccess,
      count_fail: outcome.account.countFail,
      income: outcome.account.income,
    });
    if (outcome.phone)
      publishPhoneEvent(hub, outcome.success ? 'count_success' : 'count_fail', outcome.phone);
    return outcome;
  }
}
