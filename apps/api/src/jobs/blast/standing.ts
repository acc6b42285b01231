import { MSG, type Message } from '@blaster/contract';
import type { Hold } from '../../domain/governance';
import type { SenderStanding } from '../../gateway/gateway';

/** The longest a loop waits on the network's limits before looking again (a clock change wakes it). */
const LONGEST_WAIT_MS = 60_000;
/** At YELLOW a sender goes at this share of its throughput, to let its quality recover. */
export const YELLOW_PACE = 0.5;

/** What the sender's standing lets a round do. */
export type Allowance =
  /** Claim at most this many targets. */
  | { claim: number }
  /** The sender is flagged: the blast pauses with this reason. */
  | { pause: Message }
  /** At its tier's limit: the blast holds, telling why, until the 24-hour window rolls. */
  | { hold: Hold }
  /** Its throughput for this moment is spent: the loop waits quietly, a fraction of a second. */
  | { waitMs: number };

/**
 * How many targets a round may claim under the network's rules for the sender: never more recipients
 * than its tier leaves in the moving 24 hours, never more sends than its throughput takes now, nothing
 * while it is flagged. Read from the network with no statement, so the claim stays one transaction.
 */
export function senderAllowance(standing: SenderStanding | null, wanted: number): Allowance {
  if (!standing) return { claim: wanted };
  if (standing.flagged) return { pause: MSG.pausedQualityRed };
  if (standing.recipientsLeft === 0)
    return {
      hold: {
        hold: true,
        reason: MSG.governedTierLimit(standing.tier ?? 0),
        retryMs: Math.min(LONGEST_WAIT_MS, (standing.windowRollsInMs ?? 0) + 1_000),
      },
    };
  const fits = Math.min(wanted, standing.recipientsLeft ?? wanted);
  // A round waits for a quarter second's worth of throughput rather than claiming one target at a
  // time: every round costs its transactions, whatever its size.
  const worthARound = Math.min(fits, Math.ceil(standing.perSecond / 4));
  if (standing.sendsLeftNow < worthARound)
    return { waitMs: Math.ceil(((worthARound - standing.sendsLeftNow) * 1_000) / standing.perSecond) };
  return { claim: Math.min(fits, standing.sendsLeftNow) };
}

/**
 * How long a round of `sent` messages that took `tookMs` waits after it so the sender goes at the
 * YELLOW pace; 0 at any other quality.
 */
export function yellowWaitMs(standing: SenderStanding | null, sent: number, tookMs: number) {
  if (standing?.quality !== 'yellow' || sent === 0) return 0;
  const paceMs = (sent * 1_000) / (standing.perSecond * YELLOW_PACE);
  return Math.max(0, Math.ceil(paceMs - tookMs));
}

/** A wait on the network's limits, capped so a loop looks again now and then. */
export const limitWaitMs = (retryInMs: number) => Math.min(LONGEST_WAIT_MS, Math.max(1, retryInMs));
