import { sql, type SQL } from 'drizzle-orm';
import type { Setting } from '@blaster/contract';
import { queryRows } from '../db';
import type { Executor } from '../ledger/ledger';

/**
 * The one rule of who may receive a message, over a row's `suppressed` and `consent_at`: not on the
 * suppression list and, when the platform requires consent, consented. The blast claim
 * (jobs/claimable.ts) and direct sends both apply it. Written without parentheses so the blast's
 * claim still matches its partial indexes (migration 0013).
 */
export function recipientAllowed(settings: Pick<Setting, 'require_consent'>): SQL {
  return settings.require_consent ? sql`not suppressed and consent_at is not null` : sql`not suppressed`;
}

/**
 * The numbers a direct send asked for (chosen ones, and every active number for 'All'), each judged
 * by `recipientAllowed` in one statement: chosen numbers first, in the order given, then the list's.
 * A chosen number that is not in the phone-number list is checked against the suppression list
 * itself, and has no consent.
 */
export async function judgeRecipients(
  db: Executor,
  asked: { chosen: string[]; everyActive: boolean },
  settings: Pick<Setting, 'require_consent'>,
) {
  const rows = await queryRows<{ number: string; allowed: boolean }>(
    db,
    sql`with asked as (
          select c.number, c.rank from unnest(${sql.param(asked.chosen)}::text[]) with ordinality c(number, rank)
          union all
          select p.number, ${asked.chosen.length} + row_number() over (order by p.id desc)
          from phone_numbers p where ${asked.everyActive}::boolean and p.status = 'active'
        ), firsts as (
          select number, min(rank) as rank from asked group by number
        ), facts as (
          select f.number, f.rank, exists (select 1 from suppressions s where s.number = f.number) as suppressed,
            p.consent_at
          from firsts f left join phone_numbers p on p.number = f.number
        )
        select number, (${recipientAllowed(settings)}) as allowed from facts order by rank`,
  );
  return {
    allowed: rows.filter((row) => row.allowed).map((row) => row.number),
    skipped: rows.filter((row) => !row.allowed).length,
  };
}
