import type { AccountEventRow, HealthAnswer, HealthDay } from '@blaster/contract';
import type { AppContext } from '../../context';
import { presentAccount } from '../../domain/accounts';
import type { AuthUser } from '../../lib/routes';
import { ownedAccount } from '../schedule/service';
import { healthRepository as health, type AccountEventRecord } from './repository';

/** How far back the page looks (decision), and the span the score is taken over. */
const HISTORY_DAYS = 14;
const SCORE_DAYS = 7;
const EVENTS_SHOWN = 50;

/**
 * Sender health, 0-100 (docs/decisions.md): the success share of the last 7 days' sends, times 0.8
 * per suspension and 0.95 per disconnect in those days. Null without sends in those days.
 */
export function healthScore(last7: HealthAnswer['last7']) {
  const sent = last7.success + last7.fail;
  if (sent === 0) return null;
  return Math.round((100 * last7.success * 0.8 ** last7.suspensions * 0.95 ** last7.disconnects) / sent);
}

const presentEvent = (row: AccountEventRecord): AccountEventRow => ({
  id: row.id,
  kind: row.kind,
  detail: row.detail,
  created_at: row.createdAt.toISOString(),
});

type Sends = Awaited<ReturnType<typeof health.sendsPerDay>>;
type Happenings = Awaited<ReturnType<typeof health.happeningsPerDay>>;

/** The days with sends or happenings, newest first. */
function healthDays(sends: Sends, happenings: Happenings): HealthDay[] {
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
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? 1 : -1));
}

/** The totals of the score's span: the last 7 calendar days of the zone, today included. */
function lastWeek(days: HealthDay[], zone: string): HealthAnswer['last7'] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - (SCORE_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const recent = days.filter((day) => day.day >= since);
  const sum = (key: keyof Omit<HealthDay, 'day'>) => recent.reduce((total, day) => total + day[key], 0);
  return {
    success: sum('success'),
    fail: sum('fail'),
    suspensions: sum('suspensions'),
    disconnects: sum('disconnects'),
  };
}

/** The sender-health page of one account: calendar days in the app's time zone. */
export async function accountHealth(ctx: AppContext, user: AuthUser, id: number) {
  const account = await ownedAccount(ctx, user, id);
  const zone = ctx.config.timeZone;
  const [sends, happenings, events, pauses] = await Promise.all([
    health.sendsPerDay(ctx.db, account.id, zone, HISTORY_DAYS),
    health.happeningsPerDay(ctx.db, account.id, zone, HISTORY_DAYS),
    health.latestEvents(ctx.db, account.id, EVENTS_SHOWN),
    health.latestEvents(ctx.db, account.id, EVENTS_SHOWN, 'paused'),
  ]);
  const days = healthDays(sends, happenings);
  const last7 = lastWeek(days, zone);
  return {
    whatsapp: presentAccount(account),
    score: healthScore(last7),
    last7,
    days,
    events: events.map(presentEvent),
    pauses: pauses.map(presentEvent),
    standing: ctx.gateway.standingReport(account.clientid),
  };
}
