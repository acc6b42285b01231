import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { ALL_USERS, type FunnelAnswer, type FunnelCounts, type FunnelGroup } from '@blaster/contract';
import type { AppContext } from '../../context';
import { queryRows } from '../../db';
import { messageLogs, messageTemplates, whatsappAccounts } from '../../db/schema';
import { startOfToday } from '../../ledger/queries';
import { serve } from '../../lib/routes';

type CountRow = { [stage in keyof FunnelCounts]: number | string } & { key: string | null };

const toCounts = (row: CountRow): FunnelCounts => ({
  queued: Number(row.queued),
  sent: Number(row.sent),
  delivered: Number(row.delivered),
  read: Number(row.read),
  failed: Number(row.failed),
  opted_out: Number(row.opted_out),
});

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

/** Names of the templates (their first words) or accounts (their numbers) counted, in one read. */
async function groupLabels(ctx: AppContext, by: FunnelGroup, keys: string[]) {
  const labels = new Map<string, string>();
  const ids = keys.filter((key) => /^\d+$/.test(key)).map(Number);
  if (by === 'day' || ids.length === 0) return labels;
  const list = sql`(${sql.join(ids, sql`, `)})`;
  const named = await queryRows<{ key: string; label: string | null }>(
    ctx.db,
    by === 'template'
      ? sql`select t.id::text as key, left(coalesce(nullif(t.text_wa, ''), t.text), 60) as label
            from ${messageTemplates} t where t.id in ${list}`
      : sql`select a.id::text as key, coalesce(a.phonenumber, a.pushname, a.clientid) as label
            from ${whatsappAccounts} a where a.id in ${list}`,
  );
  for (const row of named) if (row.label) labels.set(row.key, row.label);
  return labels;
}

/**
 * Delivery funnel counts per template, per chat account or per day over the last `days` days: a
 * member's own sends, or everyone's for operators (`all`).
 */
export function funnelRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, 'funnel', async ({ params, query }): Promise<FunnelAnswer> => {
    const since = sql`${startOfToday(ctx.config.timeZone)} - make_interval(days => ${query.days - 1})`;
    const conditions: SQL[] = [sql`m.created_at >= ${since}`];
    if (params.userId !== ALL_USERS) conditions.push(sql`m.user_id = ${params.userId}`);
    if (query.whatsapp_id) conditions.push(sql`m.whatsapp_id = ${query.whatsapp_id}`);
    const rows = await queryRows<CountRow>(
      ctx.db,
      sql`select ${groupKey(query.by, ctx.config.timeZone)} as key, ${STAGE_COUNTS}
          from ${messageLogs} m where ${sql.join(conditions, sql` and `)}
          group by 1 order by 1`,
    );
    const keys = rows.map((row) => row.key ?? '');
    const labels = await groupLabels(ctx, query.by, keys);
    const groups = rows.map((row, i) => ({
      key: keys[i]!,
      label: query.by === 'day' ? keys[i]! : (labels.get(keys[i]!) ?? `#${keys[i] || '-'}`),
      ...toCounts(row),
    }));
    const total = groups.reduce<FunnelCounts>(
      (sum, group) => ({
        queued: sum.queued + group.queued,
        sent: sum.sent + group.sent,
        delivered: sum.delivered + group.delivered,
        read: sum.read + group.read,
        failed: sum.failed + group.failed,
        opted_out: sum.opted_out + group.opted_out,
      }),
      { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, opted_out: 0 },
    );
    return { by: query.by, total, groups };
  });
}
