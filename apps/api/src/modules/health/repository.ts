import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';
import { accountEvents, messageLogHourly } from '../../db/schema';

const DISCONNECTS = ['conflict', 'loggedOut', 'disconnected'];

export type AccountEventRecord = typeof accountEvents.$inferSelect;

/** The account's sends and happenings per calendar day of the zone, and its latest events. */
export const healthRepository = {
  /**
   * Settled sends per day over the last `days` days, from the account's hourly sums (which outlive
   * the log's retention).
   */
  sendsPerDay: (db: Db, whatsappId: number, zone: string, days: number) =>
    queryRows<{ day: string; success: string; fail: string }>(
      db,
      sql`select (hour at time zone ${zone})::date::text as day, sum(success) as success, sum(fail) as fail
          from ${messageLogHourly}
          where whatsapp_id = ${whatsappId}
            and hour >= date_trunc('hour', now() - ${days} * interval '1 day')
          group by 1`,
    ),

  /** Suspensions and disconnects per day over the last `days` days, from the account's history. */
  happeningsPerDay: (db: Db, whatsappId: number, zone: string, days: number) =>
    queryRows<{ day: string; suspensions: string; disconnects: string }>(
      db,
      sql`select (created_at at time zone ${zone})::date::text as day,
            count(*) filter (where kind = 'suspended') as suspensions,
            count(*) filter (where kind = 'connection' and detail in (${sql.join(
              DISCONNECTS.map((state) => sql`${state}`),
              sql`, `,
            )})) as disconnects
          from account_events
          where whatsapp_id = ${whatsappId} and created_at >= now() - ${days} * interval '1 day'
          group by 1`,
    ),

  /** The account's newest events, of one kind or of every kind. */
  latestEvents: (db: Db, whatsappId: number, limit: number, kind?: 'paused'): Promise<AccountEventRecord[]> =>
    db
      .select()
      .from(accountEvents)
      .where(and(eq(accountEvents.whatsappId, whatsappId), kind ? eq(accountEvents.kind, kind) : undefined))
      .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
      .limit(limit),
};
