import { and, eq, sql } from 'drizzle-orm';
import type { Message, Setting } from '@blaster/contract';
import type { Db } from '../../db';
import { messageLogs, phoneNumbers, users, whatsappAccounts } from '../../db/schema';
import type { AccountRow } from '../../domain/accounts';
import {
  clearOnStart,
  dueSchedules,
  giveBackSends,
  pauseAccount,
  recordSuspension,
  takeDueSchedule,
  type FailureWindow,
} from '../../domain/governance';
import type { Tx } from '../../ledger/ledger';
import type { BlastConfig } from '../blast-config';
import { nothingClaimableReason } from '../claimable';
import { claimRound, type RecipientWait, type RenderLinks } from './claim';
import { reviewTemplateBatches } from './template-pacing';
import { settleRound } from './settle';
import type { BlastDataSource, Outcome, Unsent } from './source';

interface SqlBlastSourceOptions {
  /** Inside a step's transaction: the step goes ahead only while this instance holds the lease. */
  confirmLease: (tx: Tx, accountId: number) => Promise<void>;
  /** The app's time zone: daily caps follow its clock. */
  timeZone: string;
  /** Puts each message's own short links into its text. */
  renderLinks: RenderLinks;
  /** This instance, named in the audit entries the loop writes. */
  instanceId: string;
}

/** The blast loop's store in the app's database (PostgreSQL or PGlite). */
export class SqlBlastSource implements BlastDataSource {
  constructor(
    private readonly db: Db,
    private readonly options: SqlBlastSourceOptions,
  ) {}

  /** A step's transaction, going ahead only under the account's lease. */
  private leased<T>(accountId: number, step: (tx: Tx) => Promise<T>) {
    return this.db.transaction(async (tx) => {
      await this.options.confirmLease(tx, accountId);
      return step(tx);
    });
  }

  wantedJobs() {
    return sql`
      select ${whatsappAccounts.id} as id from ${whatsappAccounts} where ${whatsappAccounts.status} = 'sending'
      union
      select ${messageLogs.whatsappId} from ${messageLogs} where ${messageLogs.status} = 'pending'
      union
      ${dueSchedules()}`;
  }

  async freeAbandonedNumbers() {
    // A number is marked in use together with its pending log; one without is left from a crash.
    await this.db
      .update(phoneNumbers)
      .set({ inUse: 0 })
      .where(
        and(
          eq(phoneNumbers.inUse, 1),
          sql`not exists (select 1 from ${messageLogs} where ${messageLogs.phoneNumberId} = ${phoneNumbers.id} and ${messageLogs.status} = 'pending')`,
        ),
      );
  }

  accounts() {
    return this.db.select().from(whatsappAccounts);
  }

  async account(accountId: number) {
    const [account] = await this.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, accountId));
    return account;
  }

  async readRound(accountId: number) {
    const [row] = await this.db
      .select({
        account: whatsappAccounts,
        owner: {
          blastFee: users.blastFee,
          blastIntervalMin: users.blastIntervalMin,
          blastIntervalMax: users.blastIntervalMax,
        },
      })
      .from(whatsappAccounts)
      .innerJoin(users, eq(users.id, whatsappAccounts.userId))
      .where(eq(whatsappAccounts.id, accountId));
    return row;
  }

  takeDueSchedule(accountId: number) {
    return this.leased(accountId, (tx) => takeDueSchedule(tx, accountId));
  }

  clearOnStart(account: AccountRow) {
    return clearOnStart(this.db, account);
  }

  loadFailures(failures: FailureWindow, settings: Setting) {
    return failures.load(this.db, settings);
  }

  claim(
    account: AccountRow,
    size: number,
    config: BlastConfig,
    recipientWait: RecipientWait = () => 0,
    networkNow = Date.now(),
  ) {
    return this.leased(account.id, (tx) =>
      claimRound(tx, account, size, config, {
        timeZone: this.options.timeZone,
        recipientWait,
        renderLinks: this.options.renderLinks,
        networkNow,
      }),
    );
  }

  reviewBatches(settings: Setting, networkNow: number) {
    return this.db.transaction((tx) =>
      reviewTemplateBatches(tx, settings, networkNow, this.options.instanceId),
    );
  }

  settle(accountId: number, config: BlastConfig, outcomes: Outcome[], unsent: Unsent[]) {
    return this.leased(accountId, (tx) => settleRound(tx, accountId, config, outcomes, unsent));
  }

  giveBackSends(accountId: number, count: number) {
    return giveBackSends(this.db, accountId, count);
  }

  async interruptedSends(accountId: number) {
    const pending = await this.db
      .select({
        logId: messageLogs.id,
        phoneId: messageLogs.phoneNumberId,
        templateId: messageLogs.templateId,
        clientid: whatsappAccounts.clientid,
      })
      .from(messageLogs)
      .innerJoin(whatsappAccounts, eq(whatsappAccounts.id, messageLogs.whatsappId))
      .where(and(eq(messageLogs.whatsappId, accountId), eq(messageLogs.status, 'pending')));
    if (pending.length === 0) return null;
    return {
      clientid: pending[0]!.clientid,
      sends: pending.map(({ logId, phoneId, templateId }) => ({ logId, phoneId, templateId })),
    };
  }

  nothingClaimableReason(settings: Setting) {
    return nothingClaimableReason(this.db, settings);
  }

  finish(accountId: number) {
    return this.leased(accountId, async (tx) => {
      const [row] = await tx
        .update(whatsappAccounts)
        .set({ status: 'idle' })
        .where(eq(whatsappAccounts.id, accountId))
        .returning();
      return row;
    });
  }

  pause(accountId: number, reason: Message) {
    return this.leased(accountId, (tx) => pauseAccount(tx, accountId, reason));
  }

  recordSuspension(accountId: number, settings: Setting) {
    return this.db.transaction((tx) => recordSuspension(tx, accountId, settings));
  }
}
