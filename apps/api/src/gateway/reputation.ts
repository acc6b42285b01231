import { NETWORK_QUALITY_FROM, NETWORK_TIERS } from '@blaster/contract';
import type { QualityDay, SendLimit, SenderQuality, SenderReport, SenderStanding } from './gateway';

/**
 * The chat network's published rules for bulk senders, as the sandbox models them (docs/decisions.md,
 * "The network's rules for senders"). Every window runs on the sandbox's clock, which tests and the
 * dev controls move forward.
 */
export const NETWORK_RULES = {
  /** Unique recipients a sender may start conversations with in a moving 24 hours; null: unlimited. */
  tiers: NETWORK_TIERS,
  conversationWindowMs: 24 * 3_600_000,
  qualityWindowMs: 7 * 24 * 3_600_000,
  /** A RED sender that has not recovered after this long drops one tier. */
  flaggedDropAfterMs: 7 * 24 * 3_600_000,
  /** Tier changes are decided at these steps of the clock: "within hours" of being earned. */
  reviewEveryMs: 6 * 3_600_000,
  /** Messages a second; the higher rate only at the unlimited tier with quality better than RED. */
  perSecond: 80,
  perSecondUnlimited: 1_000,
  /** One message to the same recipient at most this often. */
  pairRateMs: 6_000,
  /** Weighted negative feedback per message over 7 days from which quality is YELLOW, and RED. */
  yellowFrom: NETWORK_QUALITY_FROM.yellow,
  redFrom: NETWORK_QUALITY_FROM.red,
  /** A report weighs more than a block: the recipient told the network why. */
  reportWeight: 2,
  /** Fewer messages than this in 7 days leave the rating as it was: too few to judge. */
  ratedFrom: 20,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const UNLIMITED_TIER = NETWORK_RULES.tiers.length - 1;

/** What the recipients of one hour of the clock did with a sender's messages. */
interface HourTally {
  /** Messages sent, and conversations started (a recipient not messaged in the 24 hours before). */
  sent: number;
  started: number;
  /** Blocks plus weighted reports. */
  negative: number;
}

export type RecipientReaction = 'block' | 'report' | null;

/**
 * One sender's standing with the network: tier, the moving 24 hours of recipients, the 7-day quality
 * rating with its flag, and the per-second throughput. Every method takes the clock's `now` (ms).
 */
export class SenderReputation {
  private tier: number;
  private tierSince: number;
  private quality: SenderQuality = 'green';
  private flaggedSince: number | null = null;
  private reviewedUpTo: number;
  /** The latest message to each recipient still inside the 24-hour window. */
  private readonly lastSentTo = new Map<string, number>();
  /** Sends in clock order, so recipients leave the window in amortised constant time. */
  private readonly sendsInOrder: { to: string; at: number }[] = [];
  private oldestSend = 0;
  private readonly hours = new Map<number, HourTally>();
  private tokens: number;
  private tokensAt: number;

  constructor(startTier: number, now: number) {
    this.tier = Math.max(0, Math.min(UNLIMITED_TIER, startTier));
    this.tierSince = now;
    this.reviewedUpTo = now;
    this.tokens = this.perSecond();
    this.tokensAt = now;
  }

  private limit() {
    return NETWORK_RULES.tiers[this.tier]!;
  }

  private perSecond() {
    return this.tier === UNLIMITED_TIER && this.quality !== 'red'
      ? NETWORK_RULES.perSecondUnlimited
      : NETWORK_RULES.perSecond;
  }

  /** Sets the tier by hand (dev controls, tests); the time at the tier starts again. */
  setTier(tier: number, now: number) {
    this.catchUp(now);
    this.tier = Math.max(0, Math.min(UNLIMITED_TIER, tier));
    this.tierSince = now;
    this.reviewedUpTo = now;
  }

  /** Brings windows, rating and tier up to `now`, reviewing the tier at each step the clock passed. */
  private catchUp(now: number) {
    const cutoff = now - NETWORK_RULES.conversationWindowMs;
    while (this.oldestSend < this.sendsInOrder.length && this.sendsInOrder[this.oldestSend]!.at <= cutoff) {
      const { to, at } = this.sendsInOrder[this.oldestSend]!;
      if (this.lastSentTo.get(to) === at) this.lastSentTo.delete(to);
      this.oldestSend += 1;
    }
    // Compacted now and then, so the queue's memory follows the window, not the sender's history.
    if (this.oldestSend > 1_024 && this.oldestSend * 2 > this.sendsInOrder.length) {
      this.sendsInOrder.splice(0, this.oldestSend);
      this.oldestSend = 0;
    }
    // Steps counted from the time the tier began, so the first review of a tier falls exactly 7 days
    // after it, with all of its time at the tier in the window.
    const step = NETWORK_RULES.reviewEveryMs;
    let at = this.tierSince + (Math.floor((this.reviewedUpTo - this.tierSince) / step) + 1) * step;
    for (; at <= now; at += step) this.review(at);
    this.reviewedUpTo = Math.max(this.reviewedUpTo, now);
    this.rate(now);
    const oldestHour = Math.floor((now - NETWORK_RULES.qualityWindowMs) / HOUR_MS);
    for (const hour of this.hours.keys()) if (hour < oldestHour) this.hours.delete(hour);
  }

  /** Sums the hours inside the 7 days before `at`. */
  private week(at: number) {
    const total = { sent: 0, started: 0, negative: 0 };
    const from = Math.floor((at - NETWORK_RULES.qualityWindowMs) / HOUR_MS);
    for (const [hour, tally] of this.hours) {
      if (hour < from || hour * HOUR_MS > at) continue;
      total.sent += tally.sent;
      total.started += tally.started;
      total.negative += tally.negative;
    }
    return total;
  }

  /** The rating at `at`, from the 7 days of feedback before it; too few messages keep the last one. */
  private rate(at: number) {
    const { sent, negative } = this.week(at);
    if (sent < NETWORK_RULES.ratedFrom) return;
    const share = negative / sent;
    const quality: SenderQuality =
      share >= NETWORK_RULES.redFrom ? 'red' : share >= NETWORK_RULES.yellowFrom ? 'yellow' : 'green';
    if (quality === 'red' && this.quality !== 'red') this.flaggedSince = at;
    if (quality !== 'red') this.flaggedSince = null;
    this.quality = quality;
  }

  /**
   * A step of the clock: a flagged sender that stayed RED for 7 days drops one tier (and its flag
   * starts again, so it drops once per 7 days); one better than RED that spent 7 days at its tier
   * and started conversations with at least half its limit in them moves up one.
   */
  private review(at: number) {
    this.rate(at);
    if (this.quality === 'red') {
      if (this.flaggedSince !== null && at - this.flaggedSince >= NETWORK_RULES.flaggedDropAfterMs) {
        this.tier = Math.max(0, this.tier - 1);
        this.tierSince = at;
        this.flaggedSince = at;
      }
      return;
    }
    const limit = this.limit();
    if (limit === null || at - this.tierSince < NETWORK_RULES.qualityWindowMs) return;
    if (this.week(at).started * 2 >= limit) {
      this.tier += 1;
      this.tierSince = at;
    }
  }

  private refill(now: number) {
    const perSecond = this.perSecond();
    this.tokens = Math.min(perSecond, this.tokens + ((now - this.tokensAt) * perSecond) / 1000);
    this.tokensAt = now;
  }

  /** How long until the recipient may get another message from this sender (0: now). */
  recipientWaitMs(to: string, now: number) {
    const last = this.lastSentTo.get(to);
    return last === undefined ? 0 : Math.max(0, last + NETWORK_RULES.pairRateMs - now);
  }

  /**
   * Takes a send to `to` if the rules allow it, or answers which limit refuses it and how long until
   * it may be tried again.
   */
  take(to: string, now: number): { limit: SendLimit; retryInMs: number } | null {
    this.catchUp(now);
    this.refill(now);
    const pairWait = this.recipientWaitMs(to, now);
    if (pairWait > 0) return { limit: 'pair_rate', retryInMs: pairWait };
    const starts = !this.lastSentTo.has(to);
    const limit = this.limit();
    if (starts && limit !== null && this.lastSentTo.size >= limit)
      return { limit: 'tier', retryInMs: this.windowRollsInMs(now) ?? 0 };
    if (this.tokens < 1)
      return { limit: 'throughput', retryInMs: Math.ceil(((1 - this.tokens) * 1000) / this.perSecond()) };
    this.tokens -= 1;
    this.lastSentTo.set(to, now);
    this.sendsInOrder.push({ to, at: now });
    const tally = this.tally(now);
    tally.sent += 1;
    if (starts) tally.started += 1;
    return null;
  }

  /** The recipient's answer to a message taken at `now` counts towards the rating at once. */
  feedback(reaction: RecipientReaction, now: number) {
    if (!reaction) return;
    this.tally(now).negative += reaction === 'report' ? NETWORK_RULES.reportWeight : 1;
    this.rate(now);
  }

  private tally(now: number) {
    const hour = Math.floor(now / HOUR_MS);
    let tally = this.hours.get(hour);
    if (!tally) {
      tally = { sent: 0, started: 0, negative: 0 };
      this.hours.set(hour, tally);
    }
    return tally;
  }

  private windowRollsInMs(now: number) {
    if (this.oldestSend >= this.sendsInOrder.length) return null;
    return Math.max(0, this.sendsInOrder[this.oldestSend]!.at + NETWORK_RULES.conversationWindowMs - now);
  }

  /**
   * The standing with what lies behind it: how long at the tier and flagged, the feedback of each day
   * of the rating's 7 days, and how far the sender is from the next tier.
   */
  report(now: number): SenderReport {
    const standing = this.standing(now);
    const limit = this.limit();
    const days: QualityDay[] = [];
    for (let ago = 6; ago >= 0; ago -= 1) {
      const end = now - ago * DAY_MS;
      const day = { endedAgoMs: ago * DAY_MS, sent: 0, negative: 0 };
      for (const [hour, tally] of this.hours) {
        const at = hour * HOUR_MS;
        if (at > end - DAY_MS && at <= end) {
          day.sent += tally.sent;
          day.negative += tally.negative;
        }
      }
      days.push(day);
    }
    const flaggedForMs = this.flaggedSince === null ? null : now - this.flaggedSince;
    return {
      ...standing,
      atTierForMs: now - this.tierSince,
      flaggedForMs,
      dropInMs: flaggedForMs === null ? null : Math.max(0, NETWORK_RULES.flaggedDropAfterMs - flaggedForMs),
      upgrade:
        limit === null
          ? null
          : {
              nextTier: NETWORK_RULES.tiers[this.tier + 1]!,
              started: this.week(now).started,
              needed: Math.ceil(limit / 2),
              // The tier is reviewed at the first step of the clock after 7 days at it.
              eligibleInMs: Math.max(0, this.tierSince + NETWORK_RULES.qualityWindowMs - now),
              qualityOk: this.quality !== 'red',
            },
      days,
    };
  }

  standing(now: number): SenderStanding {
    this.catchUp(now);
    this.refill(now);
    const limit = this.limit();
    const recipients = this.lastSentTo.size;
    return {
      tier: limit,
      recipients,
      recipientsLeft: limit === null ? null : Math.max(0, limit - recipients),
      windowRollsInMs: this.windowRollsInMs(now),
      restricted: limit !== null && recipients >= limit,
      quality: this.quality,
      flagged: this.quality === 'red',
      perSecond: this.perSecond(),
      sendsLeftNow: Math.floor(this.tokens),
    };
  }
}
