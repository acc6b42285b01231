import { issuePermit, type SendPermit } from './permit';

/**
 * Permits for the targets a blast round's claim took. The claim is the blast's check, set-based for
 * speed: it takes only numbers `recipientAllowed` admits (jobs/claimable.ts), after quiet hours
 * (`quietHold`) and within the caps (`reserveSends`), under the account's lease. A blast sends the
 * platform's templates from the account it runs on, whoever started it. Only the claim calls this.
 */
export function permitClaimedRound(
  deviceId: string,
  claimed: { number: string; text: string; logId: number }[],
): SendPermit[] {
  return claimed.map((target) =>
    issuePermit({ deviceId, to: target.number, text: target.text, key: `log-${target.logId}` }),
  );
}
