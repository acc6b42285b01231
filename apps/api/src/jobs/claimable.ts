import { sql, type SQL } from 'drizzle-orm';
import { MSG, type Message, type Setting } from '@blaster/contract';
import { queryRows, type Db } from '../db';
import { phoneNumbers } from '../db/schema';
import { recipientAllowed } from '../policy/recipients';

/**
 * The numbers a blast may claim: still to send, not taken, and allowed to receive by the send
 * policy's rule (not suppressed; consented when the platform requires it). Each form matches the
 * predicate of a partial index (migration 0013), so the claim reads only rows it will take, on every
 * instance, however many are suppressed.
 */
export function claimablePhones(settings: Pick<Setting, 'require_consent'>): SQL {
  return sql`status = 'active' and last_sent is null and in_use = 0 and ${recipientAllowed(settings)}`;
}

/**
 * Why a blast that found nothing to claim ended: when numbers are still to send but each is
 * suppressed or (consent required) unconsented, the member is told so; otherwise the list is done.
 */
export async function nothingClaimableReason(
  db: Db,
  settings: Pick<Setting, 'require_consent'>,
): Promise<{ message?: Message }> {
  const [row] = await queryRows<{ blocked: boolean }>(
    db,
    sql`select exists (
          select 1 from ${phoneNumbers}
          where status = 'active' and last_sent is null and not (${recipientAllowed(settings)})
        ) as blocked`,
  );
  return row?.blocked ? { message: MSG.noTargetsSuppressed } : {};
}
