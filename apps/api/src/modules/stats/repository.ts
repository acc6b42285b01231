import { sql, type SQL } from 'drizzle-orm';
import {
  STATS_DAYS,
  STATS_HOURS,
  STATS_DEFAULT_RANGE_DAYS,
  STATS_TOP_ACCOUNTS,
  type LookupKind,
  type StatsDay,
  type StatsHour,
  type StatsLookupBucket,
  type StatsTopAccount,
} from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { platformSums } from '../../db/platform-sums';

/**
 * Every chart reads the hourly rollups (migration 0012_stats), never the logs themselves: a member's
 * 30 days are at most 720 rows per account, whatever the number of messages behind them.
 */

const num = (value: unknown) => Number(value ?? 0);

/** The current UTC hour and the hour `hours` before it, as SQL timestamptz expressions. */
const thisHour = sql`(date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC')`;
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** Today's date in the zone. */
const today = (timeZone: string) => sql`(now() at time zone ${timeZone})::date`;
/** The instant a date of the zone starts. */
const startOf = (date: SQL, timeZone: string) => sql`((${date})::timestamp at time zone ${timeZone})`;
const ownedBy = (userId: number | null) => (userId === null ? sql`true` : sql`user_id = ${userId}`);

/** A member's sends and money per day since a time, from the member's hourly sums. */
const memberDays = (timeZone: string, since: SQL, userId: number) => sql`
  sends as (
    select (hour at time zone ${timeZone})::date as day, sum(success) as success, sum(fail) as fail
    from message_log_hourly where user_id = ${userId} and hour >= ${since} group by 1
  ), money as (
    select (hour at time zone ${timeZone})::date as day,
      sum(amount) filter (where kind = 'blast_income') as blast_income,
      sum(amount) filter (where kind = 'referral_income') as referral_income,
      sum(amount) filter (where kind = 'bonus') as bonus
    from ledger_hourly
    where user_id = ${userId} and hour >= ${since} and kind in ('blast_income', 'referral_income', 'bonus')
    group by 1
  )`;

/** The platform's sends and money per day since a time, from its one row an hour. */
const platformDays = (timeZone: string, since: SQL) => sql`
  platform as (
    select (hour at time zone ${timeZone})::date as day, sum(success) as success, sum(fail) as fail,
      sum(blast_income) as blast_income, sum(referral_income) as referral_income, sum(bonus) as bonus
    from ${platformSums} p where hour >= ${since} group by 1
  ), sends as (select day, success, fail from platform), money as (select day, blast_income, referral_income, bonus from platform)`;

/** Sends (settled) and money earned per day over the last 30 days, oldest first, days without any included. */
export async function dailyStats(db: Db, timeZone: string, userId: number | null): Promise<StatsDay[]> {
  const first = sql`(${today(timeZone)} - ${STATS_DAYS - 1}::int)`;
  const since = startOf(first, timeZone);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${userId === null ? platformDays(timeZone, since) : memberDays(timeZone, since, userId)}
        select to_char(days.day, 'YYYY-MM-DD') as day, sends.success, sends.fail,
          money.blast_income, money.referral_income, money.bonus
        from (select (${first} + i) as day from generate_series(0, ${STATS_DAYS - 1}::int) i) days
        left join sends on sends.day = days.day
        left join money on money.day = days.day
        order by days.day`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    success: num(row.success),
    fail: num(row.fail),
    blastIncome: num(row.blast_income),
    referralIncome: num(row.referral_income),
    bonus: num(row.bonus),
  }));
}

/** Settled sends per hour over the last 48 hours (current hour last), with the share that succeeded. */
export async function hourlyStats(db: Db, userId: number | null): Promise<StatsHour[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with hours as (
          select ${thisHour} - make_interval(hours => i) as hour from generate_series(0, ${STATS_HOURS - 1}::int) i
        ), sends as (
          select hour, sum(success) as success, sum(fail) as fail
          from ${userId === null ? platformSums : sql`message_log_hourly`} p
          where ${ownedBy(userId)} and hour >= ${thisHour} - make_interval(hours => ${STATS_HOURS - 1}::int)
          group by hour
        )
        select ${iso(sql`hours.hour`)} as hour, sends.success, sends.fail
        from hours left join sends on sends.hour = hours.hour order by hours.hour`,
  );
  return rows.map((row) => {
    const success = num(row.success);
    const fail = num(row.fail);
    const settled = success + fail;
    return {
      hour: String(row.hour),
      success,
      fail,
      successRate: settled ? Math.round((success / settled) * 1000) / 10 : null,
    };
  });
}

/** The days a range names: both given, or one and a span of days ending at `to` (today by default). */
export async function rangeBounds(
  db: Db,
  timeZone: string,
  range: { from?: string; to?: string; days?: number },
): Promise<{ from: string; to: string }> {
  const [bounds] = await queryRows<{ from: string; to: string }>(
    db,
    sql`select to_char(coalesce(${range.from ?? null}::date,
                 coalesce(${range.to ?? null}::date, ${today(timeZone)}) - ${(range.days ?? STATS_DEFAULT_RANGE_DAYS) - 1}::int),
                 'YYYY-MM-DD') as "from",
               to_char(coalesce(${range.to ?? null}::date, ${today(timeZone)}), 'YYYY-MM-DD') as "to"`,
  );
  return bounds!;
}

/** The chat accounts with the most settled sends between two days of the zone (both included). */
export async function topAccounts(
  db: Db,
  timeZone: string,
  { from, to }: { from: string; to: string },
): Promise<StatsTopAccount[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select top.whatsapp_id, top.success, top.fail, w.pushname, w.phonenumber,
          nullif(trim(u.firstname || ' ' || u.lastname), '') as owner
        from (
          select whatsapp_id, sum(success) as success, sum(fail) as fail from message_log_hourly
          where hour >= ${startOf(sql`${from}::date`, timeZone)} and hour < ${startOf(sql`${to}::date + 1`, timeZone)}
          group by whatsapp_id having sum(success) + sum(fail) > 0
          order by sum(success) + sum(fail) desc, whatsapp_id limit ${STATS_TOP_ACCOUNTS}::int
        ) top
        left join whatsapp_accounts w on w.id = top.whatsapp_id
        left join users u on u.id = w.user_id
        order by top.success + top.fail desc, top.whatsapp_id`,
  );
  return rows.map((row) => {
    const success = num(row.success);
    const fail = num(row.fail);
    const phone = (row.phonenumber as string | null) ?? null;
    return {
      whatsappId: num(row.whatsapp_id),
      name: (row.pushname as string | null) || phone,
      phone,
      owner: (row.owner as string | null) ?? null,
      success,
      fail,
      total: success + fail,
    };
  });
}

/** Lookups of one kind per hour (last 48 hours) or per day (last 30 days), oldest first. */
export async function lookupStats(
  db: Db,
  timeZone: string,
  options: { userId: number | null; kind: LookupKind; bucket: 'hour' | 'day' },
): Promise<StatsLookupBucket[]> {
  const owned = sql`${ownedBy(options.userId)} and kind = ${options.kind}`;
  const rows =
    options.bucket === 'hour'
      ? await queryRows<Record<string, unknown>>(
          db,
          sql`with hours as (
                select ${thisHour} - make_interval(hours => i) as hour from generate_series(0, ${STATS_HOURS - 1}::int) i
              ), done as (
                select hour, sum(found) as found, sum(not_found) as not_found from lookup_hourly
                where ${owned} and hour >= ${thisHour} - make_interval(hours => ${STATS_HOURS - 1}::int) group by hour
              )
              select ${iso(sql`hours.hour`)} as at, done.found, done.not_found
              from hours left join done on done.hour = hours.hour order by hours.hour`,
        )
      : await queryRows<Record<string, unknown>>(
          db,
          sql`with done as (
                select (hour at time zone ${timeZone})::date as day, sum(found) as found, sum(not_found) as not_found
                from lookup_hourly
                where ${owned} and hour >= ${startOf(sql`${today(timeZone)} - ${STATS_DAYS - 1}::int`, timeZone)}
                group by 1
              )
              select to_char(days.day, 'YYYY-MM-DD') as at, done.found, done.not_found
              from (select (${today(timeZone)} - ${STATS_DAYS - 1}::int + i) as day from generate_series(0, ${STATS_DAYS - 1}::int) i) days
              left join done on done.day = days.day order by days.day`,
        );
  return rows.map((row) => ({ at: String(row.at), found: num(row.found), notFound: num(row.not_found) }));
}

/** The device ids of the chat accounts connected now (the senders the network rates). */
export async function connectedSenders(db: Db): Promise<string[]> {
  const rows = await queryRows<{ clientid: string }>(
    db,
    sql`select clientid from whatsapp_accounts where state = 'connected' and not suspended`,
  );
  return rows.map((row) => row.clientid);
}
