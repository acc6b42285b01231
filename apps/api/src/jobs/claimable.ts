import { sql, type SQL } from 'drizzle-orm';
import { MSG, type Setting } from '@blaster/contract';
import { queryRows, type Db } from '../db';
import { phoneNumbers } from '../db/schema';

/**
 * The numbers a blast may claim: still to send, not taken, not suppressed and, when the platform
 * requires consent, consented. Each form matches the predicate of a partial index (migration 0013),
 * so the claim reads only rows it will take, on every instance, however many are suppressed.
 */
export function claimablePhones(settings: Pick<Setting, 'require_consent'>): SQL {
  const base = sql`status = 'active' and last_sent is null and in_use = 0 and not suppressed`;
  return settings.require_consent ? sql`${base} and consent_at is not null` : base;
}

/**
 * Why a blast that found nothing to claim ended: when numbers are still to send but each is
 * suppressed or (consent required) unconsented, the member is told so; otherwise the list is done.
 */
export async function nothingClaimableReason(
  db: Db,
  settings: Pick<Setting, 'require_consent'>,
): Promise<{ message?: string }> {
  const blocked = settings.require_consent ? sql`(suppressed or consent_at is null)` : sql`suppressed`;
  const [row] = await queryRows<{ blocked: boolean }>(
    db,
    sql`select exists (
          select 1 from ${phoneNumbers} where status = 'active' and last_sent is null and ${blocked}
        ) as blocked`,
  );
  return row?.blocked ? { message: MSG.noTargetsSuppressed } : {};
}
