import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db';
import { PLATFORM_COLUMNS, platformSums } from '../../src/db/platform-sums';

const SUMS = sql.raw(PLATFORM_COLUMNS.map((column) => `sum("${column}")::int as "${column}"`).join(', '));
const ANY_NOT_ZERO = sql.raw(`sum(${PLATFORM_COLUMNS.map((column) => `abs("${column}")`).join(' + ')}) > 0`);

/** The platform's sums per hour as a reader adds them (folded and not yet folded), hours with anything. */
export const platformByHour = (db: Pick<Db, 'execute'>) =>
  queryRows<Record<string, unknown>>(
    db,
    sql`select hour::text, ${SUMS} from ${platformSums} p group by hour having ${ANY_NOT_ZERO} order by hour`,
  );

/** The same sums added up from the members' hourly sums of sends and money. */
export const membersByHour = (db: Pick<Db, 'execute'>) =>
  queryRows<Record<string, unknown>>(
    db,
    sql`select hour::text, ${SUMS} from (
          select hour, success, fail, pending, delivered, read, opted_out,
            0 as blast_income, 0 as referral_income, 0 as bonus, 0 as withdraw_requested, 0 as withdraw_accepted
          from message_log_hourly
          union all
          select hour, 0, 0, 0, 0, 0, 0,
            case when kind = 'blast_income' then amount else 0 end,
            case when kind = 'referral_income' then amount else 0 end,
            case when kind = 'bonus' then amount else 0 end,
            case when kind = 'withdraw_requested' then amount else 0 end,
            case when kind = 'withdraw_accepted' then amount else 0 end
          from ledger_hourly) s
        group by hour having ${ANY_NOT_ZERO} order by hour`,
  );
