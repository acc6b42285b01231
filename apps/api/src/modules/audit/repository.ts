import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { auditPageQuerySchema } from '@blaster/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { auditEntries, users } from '../../db/schema';
import type { Executor } from '../../ledger/ledger';
import { inPageOrder, readPage } from '../../lib/paging';
import { containsText } from '../../lib/search';

export type AuditFilter = z.output<typeof auditPageQuerySchema>;
export type NewAuditEntry = typeof auditEntries.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The target id as an integer where the target is a row (users, withdrawals, levels); null otherwise. */
const targetRowId = sql`(case when ${auditEntries.targetId} ~ '^[0-9]{1,9}$' then ${auditEntries.targetId}::int end)`;
/**
 * A readable name for the target, looked up now: the member, the withdrawal's member, the level, the
 * chat account's number and owner, a template's first words as sent, a segment's name.
 */
const targetName = sql<string | null>`case ${auditEntries.targetType}
  when 'user' then (select u.firstname || ' ' || u.lastname from users u where u.id = ${targetRowId})
  when 'withdrawal' then (select u.firstname || ' ' || u.lastname from withdrawals w join users u on u.id = w.user_id where w.id = ${targetRowId})
  when 'level' then (select l.name from levels l where l.id = ${targetRowId})
  when 'whatsapp' then (select coalesce(w.phonenumber, w.clientid) || ' · ' || u.firstname || ' ' || u.lastname
    from whatsapp_accounts w join users u on u.id = w.user_id where w.id = ${targetRowId})
  when 'template' then (select nullif(left(t.text_wa, 60), '') from message_templates t where t.id = ${targetRowId})
  when 'segment' then (select s.name from segments s where s.id = ${targetRowId})
end`;

function filters(query: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditEntries.action, query.action));
  if (query.actor) conditions.push(eq(auditEntries.actorId, query.actor));
  if (query.target_type) conditions.push(eq(auditEntries.targetType, query.target_type));
  if (query.target_id) conditions.push(eq(auditEntries.targetId, query.target_id));
  if (query.from) conditions.push(gte(auditEntries.createdAt, new Date(query.from)));
  if (query.to)
    conditions.push(
      isDateOnly(query.to)
        ? lt(auditEntries.createdAt, new Date(new Date(query.to).getTime() + DAY_MS))
        : lte(auditEntries.createdAt, new Date(query.to)),
    );
  if (query.search) {
    const name = sql`${users.firstname} || ' ' || ${users.lastname}`;
    const matching = containsText(query.search, [users.firstname, users.lastname, users.email, name]);
    conditions.push(inArray(auditEntries.actorId, sql`(select ${users.id} from ${users} where ${matching})`));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** The audit trail's table: appended to, read a page at a time, never changed. */
export const auditRepository = {
  async insert(executor: Executor, values: NewAuditEntry): Promise<void> {
    await executor.insert(auditEntries).values(values);
  },

  /**
   * One page of entries, newest first (oldest first when sorted by time ascending: the same indexes
   * read backwards), with the actor's and the target's names, and the pager's figures: the page's ids
   * from the indexes alone, as every list reads them (a cursor seeks, a total is counted up to a
   * hundred pages), then the names for its rows only.
   */
  async page(db: Db, query: AuditFilter) {
    const ascending = query.sort === 'time' && query.dir !== 'desc';
    const { ids, meta } = await readPage(
      db,
      {
        table: auditEntries,
        orderBy: [auditEntries.createdAt],
        direction: ascending ? 'asc' : 'desc',
        where: filters(query),
      },
      query,
    );
    if (ids.length === 0) return { rows: [], meta };
    const rows = await db
      .select({
        entry: auditEntries,
        actorName: sql<string | null>`${users.firstname} || ' ' || ${users.lastname}`,
        targetName,
      })
      .from(auditEntries)
      .leftJoin(users, eq(users.id, auditEntries.actorId))
      .where(inArray(auditEntries.id, ids));
    return { rows: inPageOrder(ids, rows, (row) => row.entry.id), meta };
  },
};
