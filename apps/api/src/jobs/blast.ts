import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MSG,
  htmlToWa,
  isDisconnected,
  REALTIME_CHANNEL_ADMIN,
  REALTIME_CHANNEL_CLIENT_ADMIN,
  type RealtimeMessage,
} from '@blaster/contract';
import type { ClusterBus } from '../cluster/bus';
import { LeasedJobs, type Wait } from '../cluster/leased-jobs';
import type { JobLeases } from '../cluster/leases';
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
  /** Exactly one instance runs a blast: the one holding its lease. */
  leases: JobLeases;
  bus: ClusterBus;
  random?: () => number;
}

/**
 * Runs blasts: one loop per started account, one target at a time, on whichever instance holds the
 * account's lease. Every send is written as a pending log before it leaves and settled after, so an
 * instance taking over (or a restart) finishes what was in flight without sending anything twice.
 */
export class BlastEngine extends LeasedJobs {
  private readonly random: () => number;

  constructor(private readonly options: BlastEngineOptions) {
    super('blast', options.leases, options.bus);
    this.random = options.random ?? Math.random;
  }

  /**
   * On start: bring saved sessions back, take every started blast no other instance holds, and keep
   * looking every few seconds for blasts whose holder went away.
   */
  async resume() {
    const { db, gateway, hub } = this.options;
    // A number is marked in use together with its pending log; one without is left from a crash.
    await db
      .update(phoneNumbers)
      .set({ inUse: 0 })
      .where(
        and(
          eq(phoneNumbers.inUse, 1),
          sql`not exists (select 1 from ${messageLogs} where ${messageLogs.phoneNumberId} = ${phoneNumbers.id} and ${messageLogs.status} = 'pending')`,
        ),
      );

    const sessions = await db.select().from(whatsappAccounts);
    for (const account of sessions) {
      if (account.state !== 'connected' || !account.phonenumber || account.suspended) continue;
      if (gateway.state(account.clientid) === 'connected') continue;
      publishAccountEvent(hub, { ...account, state: 'reconnecting...' }, 'reconnecting');
      await restoreSession(gateway, account);
    }
    await this.watchForOrphans();
  }

  /** Started blasts, and accounts with a send left in flight. */
  protected wanted() {
    return sql`
      select ${whatsappAccounts.id} as id from ${whatsappAccounts} where ${whatsappAccounts.status} = 'sending'
      union
      select ${messageLogs.whatsappId} from ${messageLogs} where ${messageLogs.status} = 'pending'`;
  }

  protected async failed(accountId: number, error: unknown) {
    const account = await this.account(accountId);
    if (account) publishAccountEvent(this.options.hub, account, 'error_blast', { message: String(error) });
  }

  private async account(id: number) {
    const [row] = await this.options.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
    return row;
  }

  private async finish(account: AccountRow, event: 'finished' | 'error_blast' | 'stop', payload = {}) {
    const idle = await this.options.db.transaction(async (tx) => {
      await this.confirmLease(tx, account.id);
      const [row] = await tx
        .update(whatsappAccounts)
        .set({ status: 'idle' })
        .where(eq(whatsappAccounts.id, account.id))
        .returning();
      return row;
    });
    publishAccountEvent(this.options.hub, idle ?? account, event, {
      state: (idle ?? account).state,
      ...payload,
    });
  }

  protected async work(accountId: number, wait: Wait) {
    await this.settleInterrupted(accountId);
    await this.loop(accountId, wait);
  }

  /** Sends a previous holder left pending: settled by what the network knows, never sent again. */
  private async settleInterrupted(accountId: number) {
    const { db, gateway } = this.options;
    const pending = await db
      .select({ id: messageLogs.id })
      .from(messageLogs)
      .where(and(eq(messageLogs.whatsappId, accountId), eq(messageLogs.status, 'pending')));
    if (pending.length === 0) return;
    const account = await this.account(accountId);
    for (const log of pending) {
      const outcome = account ? gateway.sendOutcome(account.clientid, `log-${log.id}`) : 'unknown';
      // 'unknown' is counted as failed and never retried: a doubtful target is not sent twice.
      await this.settle(
        log.id,
        outcome === 'sent' ? { ok: true } : { ok: false, code: 0, reason: 'interrupted' },
      );
    }
  }

  private async loop(accountId: number, wait: Wait) {
    const { db, hub, gateway } = this.options;
    for (;;) {
      if (this.killed) return;
      const account = await this.account(accountId);
      if (!account || account.status !== 'sending') return;
      if (!(await connectedSession(gateway, account))) {
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
        await this.confirmLease(tx, accountId);
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
      await wait(waitTime * 1000 * this.options.timeScale);
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
