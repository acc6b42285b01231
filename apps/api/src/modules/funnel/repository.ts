import { sql, type SQL } from 'drizzle-orm';
import { ALL_USERS, type FunnelCounts, type FunnelGroup } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import {
  linkClicks,
  messageLogHourly,
  messageLogs,
  messageTemplates,
  whatsappAccounts,
} from '../../db/schema';
import { startOfToday } from '../../ledger/queries';
import { platformSums } from '../../db/platform-sums';

export type CountRow = {
  [stage in Exclude<keyof FunnelCounts, 'clicked' | 'replied'>]: number | string;
} & {
  key: string | null;
};

/**
 * Every stage summed from the hourly rollups (which outlive the log's retention). A log is queued once
 * claimed; sent once settled as a success; delivered and read from the network's acknowledgements;
 * failed; or opted out by a STOP reply.
 */
const STAGE_COUNTS = sql`
  sum(h.success + h.fail + h.pending) as queued,
  sum(h.success) as sent,
  sum(h.delivered) as delivered,
  sum(h.read) as read,
  sum(h.fail) as failed,
  sum(h.opted_out) as opted_out`;

/**
 * What a group is: the template or the account (their ids), or the day in the panel's time zone
 * (rollups are UTC hours, so days are exact in whole-hour zones such as Asia/Jakarta).
 */
function groupKey(by: FunnelGroup, timeZone: string): SQL {
  if (by === 'template') return sql`nullif(h.template_id, 0)::text`;
  if (by === 'account') return sql`h.whatsapp_id::text`;
  return sql`to_char(h.hour at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

export interface FunnelFilter {
  by: FunnelGroup;
  days: number;
  userId: number | typeof ALL_USERS;
  whatsappId?: number;
  /** One template's sends only (a log without a template is never one of them). */
  templateId?: number;
  timeZone: string;
}

/** The same groups as groupKey, of a message log `m` (a log without a template has a null key there too). */
function logGroupKey(by: FunnelGroup, timeZone: string): SQL {
  if (by === 'template') return sql`m.template_id::text`;
  if (by === 'account') return sql`m.whatsapp_id::text`;
  return sql`to_char(m.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

const sinceOf = (filter: FunnelFilter) =>
  sql`${startOfToday(filter.timeZone)} - make_interval(days => ${filter.days - 1})`;

/** The sends behind the funnel: counts per group, and the groups' names. */
export const funnelRepository = {
  /** Stage counts per group over the last `days` days (today included), in key order. */
  counts(db: Db, filter: FunnelFilter) {
    const wholePlatform = filter.userId === ALL_USERS && !filter.whatsappId && !filter.templateId;
    if (wholePlatform && filter.by === 'day') {
      // The platform's days need no member, account or template: its one row an hour is enough.
      return queryRows<CountRow>(
        db,
        sql`select ${groupKey('day', filter.timeZone)} as key, ${STAGE_COUNTS}
            from ${platformSums} h where h.hour >= ${sinceOf(filter)}
            group by 1 having sum(h.success + h.fail + h.pending) > 0 order by 1`,
      );
    }
    const conditions: SQL[] = [sql`h.hour >= ${sinceOf(filter)}`];
    if (filter.userId !== ALL_USERS) conditions.push(sql`h.user_id = ${filter.userId}`);
    if (filter.whatsappId) conditions.push(sql`h.whatsapp_id = ${filter.whatsappId}`);
    if (filter.templateId) conditions.push(sql`h.template_id = ${filter.templateId}`);
    return queryRows<CountRow>(
      db,
      sql`select ${groupKey(filter.by, filter.timeZone)} as key, ${STAGE_COUNTS}
          from ${messageLogHourly} h where ${sql.join(conditions, sql` and `)}
          group by 1 having sum(h.success + h.fail + h.pending) > 0 order by 1`,
    );
  },

  /**
   * Messages with at least one click per group, by the message's own hour as the rollups count it.
   * Clicks are not in the hourly rollups: link_clicks holds only clicked messages, so one grouped
   * join on message_logs' primary key reads them set-based (clicks go with the logs' retention).
   */
  clicks(db: Db, filter: FunnelFilter) {
    const conditions: SQL[] = [
      sql`m.created_at >= date_trunc('hour', (${sinceOf(filter)}) at time zone 'UTC') at time zone 'UTC'`,
    ];
    if (filter.userId !== ALL_USERS) conditions.push(sql`m.user_id = ${filter.userId}`);
    if (filter.whatsappId) conditions.push(sql`m.whatsapp_id = ${filter.whatsappId}`);
    if (filter.templateId) conditions.push(sql`m.template_id = ${filter.templateId}`);
    return queryRows<{ key: string | null; clicked: number | string }>(
      db,
      sql`select ${logGroupKey(filter.by, filter.timeZone)} as key, count(distinct c.message_log_id) as clicked
          from ${linkClicks} c join ${messageLogs} m on m.id = c.message_log_id
          where ${sql.join(conditions, sql` and `)} group by 1`,
    );
  },

  /**
   * Messages answered per group, by the message's own hour as the rollups count it: only answered
   * logs are in the partial index on replied_at, so the read stays small whatever was sent.
   */
  replies(db: Db, filter: FunnelFilter) {
    const conditions: SQL[] = [
      sql`m.created_at >= date_trunc('hour', (${sinceOf(filter)}) at time zone 'UTC') at time zone 'UTC'`,
      sql`m.replied_at is not null`,
    ];
    if (filter.userId !== ALL_USERS) conditions.push(sql`m.user_id = ${filter.userId}`);
    if (filter.whatsappId) conditions.push(sql`m.whatsapp_id = ${filter.whatsappId}`);
    if (filter.templateId) conditions.push(sql`m.template_id = ${filter.templateId}`);
    return queryRows<{ key: string | null; replied: number | string }>(
      db,
      sql`select ${logGroupKey(filter.by, filter.timeZone)} as key, count(*) as replied
          from ${messageLogs} m where ${sql.join(conditions, sql` and `)} group by 1`,
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
