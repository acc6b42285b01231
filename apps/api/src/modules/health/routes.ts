import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  API,
  idParamSchema,
  type AccountEventRow,
  type HealthAnswer,
  type HealthDay,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { queryRows } from '../../db';
import { accountEvents } from '../../db/schema';
import { presentAccount } from '../../domain/accounts';
import { route } from '../../lib/routes';
import { SCHEDULE_ROLES, ownedAccount } from '../schedule/routes';

/** How far back the page looks (decision), and the span the score is taken over. */
const HISTORY_DAYS = 14;
const SCORE_DAYS = 7;
const EVENTS_SHOWN = 50;
const DISCONNECTS = ['conflict', 'loggedOut', 'disconnected'];

/**
 * Sender health, 0-100 (docs/decisions.md): the success share of the last 7 days' sends, times 0.8
 * per suspension and 0.95 per disconnect in those days. Null without sends in those days.
 */
export function healthScore(last7: HealthAnswer['last7']) {
  const sent = last7.success + last7.fail;
  if (sent === 0) return null;
  return Math.round((100 * last7.success * 0.8 ** last7.suspensions * 0.95 ** last7.disconnects) / sent);
}

const presentEvent = (row: typeof accountEvents.$inferSelect): AccountEventRow => ({
  id: row.id,
  kind: row.kind,
  detail: row.detail,
  created_at: row.createdAt.toISOString(),
});

export function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, {
    method: 'GET',
    url: API.whatsappHealth(':id'),
    access: SCHEDULE_ROLES,
    params: idParamSchema,
    handler: async ({ params, user }): Promise<HealthAnswer & { whatsapp: unknown }> => {
      const account = await ownedAccount(ctx, user, params.id);
      const zone = ctx.config.timeZone;
      // Calendar days in the app's time zone, from the account's log and its history.
      const [sends, happenings, events, pauses] = await Promise.all([
        queryRows<{ day: string; success: string; fail: string }>(
          ctx.db,
          sql`select (created_at at time zone ${zone})::date::text as day,
                count(*) filter (where status = 'success') as success,
                count(*) filter (where status = 'fail') as fail
              from message_logs
              where whatsapp_id = ${account.id} and created_at >= now() - ${HISTORY_DAYS} * interval '1 day'
              group by 1`,
        ),
        queryRows<{ day: string; suspensions: string; disconnects: string }>(
          ctx.db,
          sql`select (created_at at time zone ${zone})::date::text as day,
                count(*) filter (where kind = 'suspended') as suspensions,
                count(*) filter (where kind = 'connection' and detail in (${sql.join(
                  DISCONNECTS.map((state) => sql`${state}`),
                  sql`, `,
                )})) as disconnects
              from account_events
              where whatsapp_id = ${account.id} and created_at >= now() - ${HISTORY_DAYS} * interval '1 day'
              group by 1`,
        ),
        ctx.db
          .select()
          .from(accountEvents)
          .where(eq(accountEvents.whatsappId, account.id))
          .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
          .limit(EVENTS_SHOWN),
        ctx.db
          .select()
          .from(accountEvents)
          .where(and(eq(accountEvents.whatsappId, account.id), eq(accountEvents.kind, 'paused')))
          .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
          .limit(EVENTS_SHOWN),
      ]);
      const byDay = new Map<string, HealthDay>();
      const dayOf = (day: string) => {
        let entry = byDay.get(day);
        if (!entry) {
          entry = { day, sent: 0, success: 0, fail: 0, suspensions: 0, disconnects: 0 };
          byDay.set(day, entry);
        }
        return entry;
      };
      for (const row of sends) {
        const entry = dayOf(row.day);
        entry.success = Number(row.success);
        entry.fail = Number(row.fail);
        entry.sent = entry.success + entry.fail;
      }
      for (const row of happenings) {
        const entry = dayOf(row.day);
        entry.suspensions = Number(row.suspensions);
        entry.disconnects = Number(row.disconnects);
      }
      const days = [...byDay.values()].sort((a, b) => (a.day < b.day ? 1 : -1));
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
      const since = new Date(Date.parse(`${today}T00:00:00Z`) - (SCORE_DAYS - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const recent = days.filter((day) => day.day >= since);
      const sum = (key: keyof Omit<HealthDay, 'day'>) => recent.reduce((total, day) => total + day[key], 0);
      const last7 = {
        success: sum('success'),
        fail: sum('fail'),
        suspensions: sum('suspensions'),
        disconnects: sum('disconnects'),
      };
      return {
        whatsapp: presentAccount(account),
        score: healthScore(last7),
        last7,
        days,
        events: events.map(presentEvent),
        pauses: pauses.map(presentEvent),
      };
    },
  });
}
