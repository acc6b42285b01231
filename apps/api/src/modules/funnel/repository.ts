import { sql, type SQL } from 'drizzle-orm';
import { ALL_USERS, type FunnelCounts, type FunnelGroup } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { messageLogs, messageTemplates, whatsappAccounts } from '../../db/schema';
import { startOfToday } from '../../ledger/queries';

export type CountRow = { [stage in keyof FunnelCounts]: number | string } & { key: string | null };

/**
 * Every stage counted in one pass over the logs. A log is queued once claimed; sent once settled as a
 * success; delivered and read from the network's acknowledgements; failed; or opted out by a STOP reply.
 */
const STAGE_COUNTS = sql`
  count(*) as queued,
  count(*) filter (where m.status = 'success') as sent,
  count(*) filter (where m.delivered_at is not null) as delivered,
  count(*) filter (where m.read_at is not null) as read,
  count(*) filter (where m.status = 'fail') as failed,
  count(*) filter (where m.opted_out_at is not null) as opted_out`;

/** What a group is: the template or the account (their ids), or the day in the panel's time zone. */
function groupKey(by: FunnelGroup, timeZone: string): SQL {
  if (by === 'template') return sql`m.template_id::text`;
  if (by === 'account') return sql`m.whatsapp_id::text`;
  return sql`to_char(m.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

export interface FunnelFilter {
  by: FunnelGroup;
  days: number;
  userId: number | typeof ALL_USERS;
  whatsappId?: number;
  timeZone: string;
}

/** The message logs behind the funnel: counts per group, and the groups' names. */
export const funnelRepository = {
  /** Stage counts per group over the last `days` days (today included), in key order. */
  counts(db: Db, filter: FunnelFilter) {
    const since = sql`${startOfToday(filter.timeZone)} - make_interval(days => ${filter.days - 1})`;
    const conditions: SQL[] = [sql`m.created_at >= ${since}`];
    if (filter.userId !== ALL_USERS) conditions.push(sql`m.user_id = ${filter.userId}`);
    if (filter.whatsappId) conditions.push(sql`m.whatsapp_id = ${filter.whatsappId}`);
    return queryRows<CountRow>(
      db,
      sql`select ${groupKey(filter.by, filter.timeZone)} as key, ${STAGE_COUNTS}
          from ${messageLogs} m where ${sql.join(conditions, sql` and `)}
          group by 1 order by 1`,
    );
  },

  /** Names of templates (their first words) or accounts (their numbers) by id, in one read. */
  labels(db: Db, by: 'template' | 'account', ids: number[]) {
    const list = sql`(${sql.join(ids, sql`, `)})`;
    return queryRows<{ key: string; label: string | null }>(
      db,
      by === 'template'
        ? sql`select t.id::text as key, left(coalesce(nullif(t.text_wa, ''), t.text), 60) as label
              from ${messageTemplates} t where t.id in ${list}`
        : sql`select a.id::text as key, coalesce(a.phonenumber, a.pushname, a.clientid) as label
              from ${whatsappAccounts} a where a.id in ${list}`,
    );
  },
};
