import type { SQL } from 'drizzle-orm';
import type { Message, Setting } from '@blaster/contract';
import type { AccountRow } from '../../domain/accounts';
import type { FailureWindow, Hold } from '../../domain/governance';
import type { SendResult } from '../../gateway/gateway';
import type { SendPermit } from '../../policy/permit';
import type { BlastConfig } from '../blast-config';

/** What of the account's owner a round needs: the owner's own fee and pacing, when set. */
export interface BlastOwner {
  blastFee: number | null;
  blastIntervalMin: number | null;
  blastIntervalMax: number | null;
}

/** A target claimed for a round, written as a pending log before anything leaves. */
export interface Claimed {
  logId: number;
  phoneId: number;
  number: string;
  name: string;
  templateId: number;
  text: string;
  /** The send policy's permit: the claim is the policy's check for a blast. */
  permit: SendPermit;
}

/** What became of one claimed target. */
export interface Outcome {
  logId: number;
  phoneId: number | null;
  templateId: number | null;
  result: SendResult;
}

/** A target claimed but never sent: its log goes and its number returns to the list. */
export interface Unsent {
  logId: number;
  phoneId: number | null;
}

/** A number's counts after a round reached it, as the phone-number channel tells them. */
export interface PhoneCounts {
  id: number;
  count_success: number;
  count_fail: number;
  last_sent: string | null;
  in_use: number;
}

/** A settled round: the account's new counts and the numbers it reached. */
export interface SettledAccount {
  account: AccountRow;
  phones: PhoneCounts[];
}

/** Sends a previous holder of the account left pending, and the device they left from. */
export interface InterruptedSends {
  clientid: string;
  sends: Omit<Outcome, 'result'>[];
}

/**
 * Everything the blast loop reads and writes, and nothing else: the loop paces, sends and decides; the
 * store keeps each step's rows. Each step that changes a running blast goes ahead only while this
 * instance holds the account's lease, checked in the step's own transaction.
 */
/** A trial template whose batch's feedback was read: released, or paused with why. */
export interface ReviewedBatch {
  id: number;
  authorId: number | null;
  paused: Message | null;
}

export interface BlastDataSource {
  /** The jobs that should be running: started blasts, sends left in flight, due schedules. */
  wantedJobs(): SQL;
  /** Numbers marked in use with no pending log are left from a crash: they return to the list. */
  freeAbandonedNumbers(): Promise<void>;
  /** Every saved account, to bring their sessions back on start. */
  accounts(): Promise<AccountRow[]>;
  account(accountId: number): Promise<AccountRow | undefined>;
  /** The account and what of its owner the round needs, in one read. */
  readRound(accountId: number): Promise<{ account: AccountRow; owner: BlastOwner } | undefined>;
  /** A due scheduled start becomes a started blast (under the lease); null when none is due. */
  takeDueSchedule(accountId: number): Promise<AccountRow | null | undefined>;
  /** A started blast clears the last pause's reason and any schedule it supersedes. */
  clearOnStart(account: AccountRow): Promise<AccountRow>;
  /** Reads the failure window again when its rule changed. */
  loadFailures(failures: FailureWindow, settings: Setting): Promise<void>;
  /**
   * Claims up to `size` targets and takes them from the send budgets, or tells why it may not send.
   * Targets `recipientWait` says must wait (the network's pair rate) stay on the list.
   */
  claim(
    account: AccountRow,
    size: number,
    config: BlastConfig,
    recipientWait: (number: string) => number,
    /** The network's clock: a claim that fills a template's first batch dates its last send with it. */
    networkNow: number,
  ): Promise<Claimed[] | Hold>;
  /**
   * Trial templates whose first batch is out and whose feedback is in (the wait after its last send
   * passed on the network's clock, none of it in flight): released, or paused past a threshold.
   */
  reviewBatches(settings: Setting, networkNow: number): Promise<ReviewedBatch[]>;
  /** Writes a round's results, pays and counts; gives back what was claimed but not sent. */
  settle(
    accountId: number,
    config: BlastConfig,
    outcomes: Outcome[],
    unsent: Unsent[],
  ): Promise<SettledAccount | null>;
  /** The budgets a round took but did not use go back. */
  giveBackSends(accountId: number, count: number): Promise<void>;
  /** Sends left pending by whoever ran the account before. */
  interruptedSends(accountId: number): Promise<InterruptedSends | null>;
  /** Why the list gave nothing more to claim, when the member should be told. */
  nothingClaimableReason(settings: Setting): Promise<{ message?: Message }>;
  /** The blast ends: the account goes idle (under the lease). */
  finish(accountId: number): Promise<AccountRow | undefined>;
  /** The blast is paused with a reason shown on the account (under the lease). */
  pause(accountId: number, reason: Message): Promise<AccountRow | undefined>;
  /** A suspension goes into the account's history; answers the account when it also pauses it. */
  recordSuspension(accountId: number, settings: Setting): Promise<AccountRow | null | undefined>;
}
