import { setImmediate as nextTurn } from 'node:timers/promises';
import { MSG, type Message, type Setting } from '@blaster/contract';
import { LeasedJobs, type Interrupts, type Wait } from '../../cluster/leased-jobs';
import { connectedSession, restoreSession, type AccountRow } from '../../domain/accounts';
import { FailureWindow, isHold, quietHold, type Hold } from '../../domain/governance';
import { POOL_CONNECTIONS } from '../../db';
import type { SendResult } from '../../gateway/gateway';
import { sendPermitted } from '../../policy/permit';
import { BlastConfigCache, type BlastConfig } from '../blast-config';
import { BlastEvents } from './publish';
import type { BlastDataSource, BlastOwner, Claimed, Outcome } from './source';
import { limitedSource } from './limited-source';
import { SqlBlastSource } from './sql-source';
import type { RenderLinks } from './claim';
import { limitWaitMs, senderAllowance, yellowWaitMs, type Allowance } from './standing';
import type { JobRunnerOptions } from '../runner-options';

/**
 * An account whose average wait between sends is at least this long sends one target per round, as a
 * person watching it expects (claim, send, count, wait). Faster accounts claim several per round.
 */
const PACED_WAIT_MS = 250;
/**
 * A fast account's round sends for at most this long before it is counted, so counts and income move
 * about once a second and a crash leaves at most this much sending in doubt. Targets claimed but not
 * reached in time go back to the list, and the next round claims about as many as were sent.
 */
const ROUND_MS = 1_000;
const FIRST_ROUND = 8;
const MAX_ROUND = 64;
/**
 * How many of the blast's reads and writes run at once, for all loops of the process: two fewer than
 * the pool's connections, so the panel's requests, lease renewals and other jobs find one free while a
 * hundred accounts blast at full speed (limited-source.ts).
 */
const DATABASE_SLOTS = POOL_CONNECTIONS - 2;

/** A round written to the database: how long it took from claim to settle, and what each send did. */
export interface SettledRound {
  ms: number;
  results: SendResult[];
}

export interface BlastEngineOptions extends JobRunnerOptions {
  /** The app's time zone: quiet hours and daily caps follow its clock (default Asia/Jakarta). */
  timeZone?: string;
  /** Puts each message's own short links into its text (none: the text is sent as written). */
  renderLinks?: RenderLinks;
}

/** One account's loop on this instance, from round to round. */
interface Run {
  accountId: number;
  wait: Wait;
  interrupts: Interrupts;
  failures: FailureWindow;
  roundSize: number;
  first: boolean;
  /** The network refused a send of the last round for one of its limits: wait this long first. */
  limitedMs: number;
  /** The account has been told its sender is slowed at YELLOW (once per run). */
  toldSlowed: boolean;
  /** `governanceChanges` when the round began: a change since then ends the round's hold at once. */
  changesSeen: number;
}

/** Seconds between sends: the owner's own pacing, else the platform's. */
interface Pacing {
  min: number;
  max: number;
}

type Step = 'next' | 'stop';

/**
 * Runs blasts: one loop per started account, on whichever instance holds the account's lease. Each
 * round claims one or more targets and writes them as pending logs before anything leaves, sends them,
 * and settles the round in one transaction, so an instance taking over (or a restart) finishes what
 * was in flight without sending anything twice. The loop reads and writes only through its data
 * source and tells the panel only through its events.
 */
export class BlastEngine extends LeasedJobs {
  private readonly random: () => number;
  /** Settings, levels and active templates, read again only when an operator changes them. */
  readonly config: BlastConfigCache;
  private readonly source: BlastDataSource;
  private readonly events: BlastEvents;
  /** Accounts whose loop here waits on quiet hours or a cap. */
  private readonly governed = new Set<number>();
  /**
   * Changes of the settings, the templates or a sender's standing heard so far. A change heard while a
   * loop is between its claim and its hold (another instance paused a template while this one claimed)
   * would wake nobody; the hold compares this count with the round's and does not wait on old news.
   */
  private governanceChanges = 0;
  /** Why the list ran out, being read: accounts that run out together share one read of the list. */
  private listEndReason: Promise<{ message?: Message }> | null = null;
  /** Told of every settled round (the metrics): its length from claim to settle, and its sends. */
  private readonly roundListeners = new Set<(round: SettledRound) => void>();
  private readonly stopHearingNetwork: () => void;

  constructor(private readonly options: BlastEngineOptions) {
    super('blast', options.leases, options.bus);
    this.random = options.random ?? Math.random;
    this.config = new BlastConfigCache(options.db, options.bus);
    const store = new SqlBlastSource(options.db, {
      confirmLease: (tx, accountId) => this.confirmLease(tx, accountId),
      timeZone: this.timeZone,
      renderLinks: options.renderLinks ?? ((text) => text),
      instanceId: options.leases.holder,
    });
    this.source = limitedSource(store, DATABASE_SLOTS);
    this.events = new BlastEvents(options.hub);
    // Loops held by governance look again at once when an operator changes the settings, or the
    // network says a sender's standing changed (its clock moved, a tier or a rating changed).
    this.config.onChange(() => this.wakeGoverned());
    this.stopHearingNetwork = options.gateway.on((event) => {
      if (event.type === 'standing') this.wakeGoverned();
    });
  }

  /** Stops every loop here; the network (shared by the instances of a test) is no longer heard. */
  override async stopAll() {
    this.stopHearingNetwork();
    await super.stopAll();
  }

  private wakeGoverned() {
    this.governanceChanges += 1;
    for (const id of this.governed) this.wake(id);
  }

  private get timeZone() {
    return this.options.timeZone ?? 'Asia/Jakarta';
  }

  onRound(listener: (round: SettledRound) => void): () => void {
    this.roundListeners.add(listener);
    return () => this.roundListeners.delete(listener);
  }

  /**
   * On start: bring saved sessions back, take every started blast no other instance holds, and keep
   * looking every few seconds for blasts whose holder went away.
   */
  async resume() {
    const { gateway } = this.options;
    await this.source.freeAbandonedNumbers();
    for (const account of await this.source.accounts()) {
      if (account.state !== 'connected' || !account.phonenumber || account.suspended) continue;
      if (gateway.state(account.clientid) === 'connected') continue;
      this.events.reconnecting(account);
      await restoreSession(gateway, account);
    }
    await this.watchForOrphans();
  }

  /** Started blasts, and accounts with a send left in flight. */
  protected wanted() {
    return this.source.wantedJobs();
  }

  protected async failed(accountId: number, error: unknown) {
    const account = await this.source.account(accountId);
    if (account) this.events.failed(account, error);
  }

  protected async work(accountId: number, wait: Wait, interrupts: Interrupts) {
    await this.startScheduled(accountId);
    await this.settleInterrupted(accountId);
    const run: Run = {
      accountId,
      wait,
      interrupts,
      failures: new FailureWindow(accountId),
      roundSize: FIRST_ROUND,
      first: true,
      limitedMs: 0,
      toldSlowed: false,
      changesSeen: this.governanceChanges,
    };
    while (!this.killed && (await this.round(run)) === 'next');
  }

  /** One round: claim, send, settle and tell, then wait as the pacing says. */
  private async round(run: Run): Promise<Step> {
    // A network that answers at once and the embedded database resolve every step as a promise: each
    // round begins on a turn of the event loop of its own, so a loop never keeps the server from
    // reading a request for longer than a round.
    await nextTurn();
    run.interrupts.clear();
    run.changesSeen = this.governanceChanges;
    const ready = await this.prepare(run);
    if (ready === 'next' || ready === 'stop') return ready;
    const { account, config, pacing } = ready;
    const paced = ((pacing.min + pacing.max) / 2) * 1000 * this.options.timeScale >= PACED_WAIT_MS;
    const allowance = senderAllowance(
      this.options.gateway.standing(account.clientid),
      paced ? 1 : run.roundSize,
    );
    if (!('claim' in allowance)) return this.withheld(run, account, allowance);
    this.events.preparing(account);
    const roundSince = performance.now();
    const claimed = await this.source.claim(
      account,
      allowance.claim,
      config,
      (number) => this.options.gateway.recipientWaitMs(account.clientid, number),
      this.options.gateway.clock(),
    );
    if (isHold(claimed)) {
      await this.holdRound(account, claimed, run);
      return 'next';
    }
    if (claimed.length === 0) {
      await this.endOfList(account, config.settings);
      return 'stop';
    }
    const sendingSince = performance.now();
    const outcomes = await this.sendRound(account, claimed, pacing, run);
    if (outcomes === 'crashed') return 'stop'; // the pending logs are settled by whoever takes over
    run.roundSize = nextRoundSize(run.roundSize, performance.now() - sendingSince, outcomes, claimed);
    const settled = await this.source.settle(account.id, config, outcomes, claimed.slice(outcomes.length));
    if (!settled) return 'stop';
    const done = { ms: performance.now() - roundSince, results: outcomes.map((o) => o.result) };
    for (const listener of this.roundListeners) listener(done);
    this.events.round(settled.account, outcomes, settled.phones);
    await this.source.giveBackSends(account.id, claimed.length - outcomes.length);
    const tookMs = performance.now() - sendingSince;
    return this.afterRound(run, settled.account, outcomes, config, { pacing, tookMs });
  }

  /** The sender's standing lets the round send nothing now: pause, hold, or wait a moment. */
  private async withheld(run: Run, account: AccountRow, allowance: Exclude<Allowance, { claim: number }>) {
    if ('pause' in allowance) {
      const paused = await this.source.pause(account.id, allowance.pause);
      if (paused) this.events.paused(paused, allowance.pause, 'quality');
      return 'stop';
    }
    if ('hold' in allowance) await this.holdRound(account, allowance.hold, run);
    else await run.wait(allowance.waitMs);
    return 'next';
  }

  /**
   * Reads the account before a round and says whether it may send now: 'stop' when its blast ended
   * (stopped, disconnected, no template), 'next' when quiet hours hold it.
   */
  private async prepare(run: Run) {
    const round = await this.source.readRound(run.accountId);
    if (!round) return 'stop';
    if (round.account.status !== 'sending') {
      // Stopped since the last round, which may have told the lists of its wait after the stop told
      // them "idle": the loop's end says it again.
      if (!run.first) this.events.stopped(round.account);
      return 'stop';
    }
    let { account } = round;
    if (run.first) account = await this.source.clearOnStart(account);
    run.first = false;
    if (!(await connectedSession(this.options.gateway, account))) {
      await this.finish(account, 'error_blast', {
        message: MSG.senderNotConnected(account.phonenumber ?? account.clientid, account.state ?? ''),
      });
      return 'stop';
    }
    const config = await this.config.get();
    if (config.templates.length === 0) {
      // Active templates that may not send (rejected, paused, awaiting review) say which and why.
      await this.finish(account, 'error_blast', { message: config.stopReason ?? MSG.noActiveTemplate });
      return 'stop';
    }
    const quiet = quietHold(config.settings, this.timeZone);
    if (quiet) {
      await this.holdRound(account, quiet, run);
      return 'next';
    }
    if (await this.reviewHeldTemplates(account, config)) return 'next';
    await this.source.loadFailures(run.failures, config.settings);
    return { account, config, pacing: pacingOf(round.owner, config.settings) };
  }

  /**
   * Trial templates whose first batch is full: once the batch's feedback is in, each is released or
   * paused, and the loops read the templates again. True when one was.
   */
  private async reviewHeldTemplates(account: AccountRow, config: BlastConfig) {
    if (config.heldTemplates().length === 0) return false;
    const reviewed = await this.source.reviewBatches(config.settings, this.options.gateway.clock());
    if (reviewed.length === 0) return false;
    for (const batch of reviewed)
      if (batch.paused) this.events.templatePaused(account, batch.authorId, batch.id, batch.paused);
    this.config.changed();
    return true;
  }

  /** After a settled round: a suspension or too many failures pause the blast, else it waits its turn. */
  private async afterRound(
    run: Run,
    account: AccountRow,
    outcomes: Outcome[],
    config: BlastConfig,
    { pacing, tookMs }: { pacing: Pacing; tookMs: number },
  ): Promise<Step> {
    if (outcomes.some((outcome) => 'suspended' in outcome.result)) {
      const paused = await this.source.recordSuspension(account.id, config.settings);
      if (paused) this.events.paused(paused, paused.pausedReason ?? '', 'suspended');
      return 'stop';
    }
    const failRate = run.failures.add(
      outcomes.map((outcome) => !outcome.result.ok),
      config.settings,
    );
    if (failRate && account.status === 'sending') {
      const paused = await this.source.pause(account.id, failRate);
      if (paused) this.events.paused(paused, failRate, 'fail_rate');
      return 'stop';
    }
    if (account.status !== 'sending') {
      // Stopped during the round: the stop told the lists "idle" before this round may have told them
      // "sending" for the message it had claimed, so the round's end tells them again.
      this.events.stopped(account);
      return 'stop';
    }
    if (this.killed) return 'stop';
    await this.followNetworkPace(run, account, outcomes.length, tookMs);
    const waitTime = this.waitSeconds(pacing);
    if (waitTime > 0 && this.options.timeScale > 0) {
      this.events.waiting(account, waitTime);
      await run.wait(waitTime * 1000 * this.options.timeScale);
    }
    return 'next';
  }

  /**
   * Keeps the account within the network's limits after a round: after a refused send it waits as
   * long as the network said; at YELLOW it goes at the slower pace, telling the account once, even
   * when its rounds were already slower than that pace (a busy machine, a slow network): the reason
   * is the sender's quality, whatever this round happened to take.
   */
  private async followNetworkPace(run: Run, account: AccountRow, sent: number, tookMs: number) {
    const standing = this.options.gateway.standing(account.clientid);
    const slowMs = yellowWaitMs(standing, sent, tookMs);
    if (standing?.quality === 'yellow' && sent > 0 && !run.toldSlowed) {
      run.toldSlowed = true;
      this.events.held(account, { hold: true, reason: MSG.slowedQualityYellow, retryMs: slowMs });
    }
    const waitMs = Math.max(run.limitedMs, slowMs);
    run.limitedMs = 0;
    if (waitMs > 0) await run.wait(waitMs);
  }

  /**
   * Sends the claimed targets in order, pacing between them. Ends the round early when the account
   * is stopped or disconnected (the rest is given back) or suspended.
   */
  private async sendRound(
    account: AccountRow,
    claimed: Claimed[],
    pacing: Pacing,
    run: Run,
  ): Promise<Outcome[] | 'crashed'> {
    const { gateway, timeScale } = this.options;
    this.events.sending(account, claimed);
    const outcomes: Outcome[] = [];
    const started = performance.now();
    for (const [i, target] of claimed.entries()) {
      if (this.crashed) return 'crashed';
      // Not sure the lease holds long enough (the database is out of reach): the rest goes back.
      if (!this.leaseSecure(account.id)) break;
      if (
        i > 0 &&
        (this.killed ||
          run.interrupts.pending ||
          gateway.state(account.clientid) !== 'connected' ||
          performance.now() - started >= ROUND_MS)
      )
        break;
      const result = await sendPermitted(gateway, target.permit);
      if (this.crashed) return 'crashed';
      // Refused for a limit, nothing left: this target and the rest go back to the list, not failed.
      if ('limited' in result) {
        run.limitedMs = limitWaitMs(result.retryInMs);
        break;
      }
      outcomes.push({ logId: target.logId, phoneId: target.phoneId, templateId: target.templateId, result });
      if ('suspended' in result) break;
      if (i < claimed.length - 1 && timeScale > 0) {
        const waitTime = this.waitSeconds(pacing);
        if (waitTime > 0) {
          this.events.waiting(account, waitTime);
          await run.wait(waitTime * 1000 * timeScale);
        }
      }
    }
    return outcomes;
  }

  /** Sends a previous holder left pending: settled by what the network knows, never sent twice. */
  private async settleInterrupted(accountId: number) {
    const interrupted = await this.source.interruptedSends(accountId);
    if (!interrupted) return;
    // The network's own record says what left, whichever process sent it. 'unknown' is counted as
    // failed and never retried: a doubtful target is not sent twice.
    const known = await this.options.gateway.sendOutcomes(
      interrupted.clientid,
      interrupted.sends.map((send) => `log-${send.logId}`),
    );
    const outcomes: Outcome[] = interrupted.sends.map((send, i) => ({
      ...send,
      result: known[i] === 'sent' ? { ok: true } : { ok: false, code: 0, reason: 'interrupted' },
    }));
    const config = await this.config.get();
    const settled = await this.source.settle(accountId, config, outcomes, []);
    if (settled) this.events.round(settled.account, outcomes, settled.phones);
  }

  /** A due scheduled start becomes a started blast, under this instance's lease. */
  private async startScheduled(accountId: number) {
    const started = await this.source.takeDueSchedule(accountId);
    if (started) this.events.scheduledStart(started);
  }

  private async finish(
    account: AccountRow,
    event: 'finished' | 'error_blast',
    payload: { message?: Message } = {},
  ) {
    const idle = await this.source.finish(account.id);
    this.events.finished(idle ?? account, event, payload);
  }

  /** Nothing left to claim: the blast is finished, with the reason when numbers are held back. */
  private async endOfList(account: AccountRow, settings: Setting) {
    // A hundred accounts reach the end of one list within moments; each asking would scan it.
    this.listEndReason ??= this.source.nothingClaimableReason(settings).finally(() => {
      this.listEndReason = null;
    });
    await this.finish(account, 'finished', await this.listEndReason);
  }

  /** Quiet hours or a spent cap: the blast stays started and waits, telling why. */
  private async holdRound(account: AccountRow, hold: Hold, run: Run) {
    this.events.held(account, hold);
    // A stop or a shutdown during the round woke no wait: a long hold (an A/B test's wait runs to
    // days) would keep the loop, and the account's lease, long after it.
    if (this.killed || run.interrupts.pending || run.changesSeen !== this.governanceChanges) return;
    this.governed.add(account.id);
    try {
      await run.wait(hold.retryMs);
    } finally {
      this.governed.delete(account.id);
    }
  }

  private waitSeconds({ min, max }: Pacing) {
    return min + Math.floor(this.random() * (max - min + 1));
  }
}

function pacingOf(owner: BlastOwner, settings: Setting): Pacing {
  const min = owner.blastIntervalMin ?? settings.interval_min;
  return { min, max: Math.max(min, owner.blastIntervalMax ?? settings.interval_max) };
}

/**
 * A round that ran over its time makes the next one about as big as what it sent; one that ended
 * well within it, having sent everything, doubles it.
 */
function nextRoundSize(current: number, tookMs: number, outcomes: Outcome[], claimed: Claimed[]) {
  if (tookMs >= ROUND_MS) return Math.max(1, Math.min(MAX_ROUND, Math.ceil(outcomes.length * 1.2)));
  if (tookMs < ROUND_MS / 2 && outcomes.length === claimed.length) return Math.min(MAX_ROUND, current * 2);
  return current;
}
