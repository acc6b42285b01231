import { and, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { InboxDirection } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { inboxMessages, inboxThreads, messageLogs, phoneNumbers, whatsappAccounts } from '../../db/schema';
import type { Executor } from '../../ledger/ledger';
import { stageNumbersOf } from '../../domain/number-history';
import { inPageOrder, readPage, type PageRequest } from '../../lib/paging';

export type InboxMessageRecord = typeof inboxMessages.$inferSelect;

/** A thread with its account's number (or name) and device, as the inbox and its checks read it. */
export interface ThreadRecord extends ThreadActivity {
  id: number;
  account: string | null;
  clientid: string;
}

/** One message on its way into a thread. */
export interface NewInboxMessage {
  whatsappId: number;
  userId: number;
  counterpart: string;
  direction: InboxDirection;
  text: string;
  at: Date;
  messageLogId: number | null;
  templateId: number | null;
  sentBy: number | null;
}

/** A thread's last message and how many of the new ones are unread, one per account and number. */
export interface ThreadActivity {
  whatsappId: number;
  userId: number;
  counterpart: string;
  lastAt: Date;
  lastText: string;
  lastDirection: InboxDirection;
  unread: number;
}

export interface ThreadFilter {
  /** null: every owner's threads (operators). */
  userId: number | null;
  whatsappId?: number;
  unreadOnly: boolean;
}

const threadColumns = {
  id: inboxThreads.id,
  whatsappId: inboxThreads.whatsappId,
  userId: inboxThreads.userId,
  counterpart: inboxThreads.counterpart,
  lastAt: inboxThreads.lastAt,
  lastText: inboxThreads.lastText,
  lastDirection: inboxThreads.lastDirection,
  unread: inboxThreads.unread,
  account: sql<
    string | null
  >`coalesce(${whatsappAccounts.phonenumber}, ${whatsappAccounts.pushname}, ${whatsappAccounts.clientid})`,
  clientid: whatsappAccounts.clientid,
};

const threadsWhere = (filter: ThreadFilter): SQL | undefined =>
  and(
    filter.userId === null ? undefined : eq(inboxThreads.userId, filter.userId),
    filter.whatsappId === undefined ? undefined : eq(inboxThreads.whatsappId, filter.whatsappId),
    filter.unreadOnly ? gt(inboxThreads.unread, 0) : undefined,
  );

const selectThreads = (db: Executor) =>
  db
    .select(threadColumns)
    .from(inboxThreads)
    .innerJoin(whatsappAccounts, eq(whatsappAccounts.id, inboxThreads.whatsappId));

/** The inbox's tables: every statement the module and its recorder run. */
export const inboxRepository = {
  /** The saved accounts of these devices (a device still being connected has none). */
  accountsOf: (db: Db, clientids: string[]) =>
    db
      .select({
        id: whatsappAccounts.id,
        userId: whatsappAccounts.userId,
        clientid: whatsappAccounts.clientid,
      })
      .from(whatsappAccounts)
      .where(inArray(whatsappAccounts.clientid, clientids)),

  /**
   * For each inbound message, the last blast message its account sent the number (one that did not
   * fail) within `hours` before it, in the order given; null where there is none.
   */
  async lastReached(
    db: Executor,
    messages: Pick<NewInboxMessage, 'whatsappId' | 'counterpart' | 'at'>[],
    hours: number,
  ) {
    const rows = await queryRows<{ ord: string | number; id: string | number; template_id: number | null }>(
      db,
      sql`select a.ord, l.id, l.template_id
          from unnest(
            ${sql.param(messages.map((m) => m.whatsappId))}::int[],
            ${sql.param(messages.map((m) => m.counterpart))}::text[],
            ${sql.param(messages.map((m) => m.at.toISOString()))}::timestamptz[]
          ) with ordinality a(whatsapp_id, number, at, ord)
          cross join lateral (
            select m.id, m.template_id from ${messageLogs} m
            where m.target = a.number and m.whatsapp_id = a.whatsapp_id and m.status <> 'fail'
              and m.created_at <= a.at and m.created_at > a.at - make_interval(hours => ${hours})
            order by m.created_at desc, m.id desc limit 1
          ) l`,
    );
    const found = messages.map(() => ({
      messageLogId: null as number | null,
      templateId: null as number | null,
    }));
    for (const row of rows)
      found[Number(row.ord) - 1] = { messageLogId: Number(row.id), templateId: row.template_id };
    return found;
  },

  /**
   * Marks the first reply to each blast message, locking the logs in id order as every other writer
   * of message_logs does, so none of them waits on another in a circle.
   */
  async markReplied(tx: Executor, replies: Map<number, Date>) {
    if (replies.size === 0) return;
    const entries = [...replies];
    await tx.execute(
      sql`with r(id, at) as (
            select * from unnest(
              ${sql.param(entries.map(([id]) => id))}::bigint[],
              ${sql.param(entries.map(([, at]) => at.toISOString()))}::timestamptz[])),
          locked as materialized (
            select m.id from ${messageLogs} m join r on r.id = m.id where m.replied_at is null
            order by m.id for update of m),
          marked as (
            update ${messageLogs} m set replied_at = r.at from r
            where m.id = r.id and m.id in (select id from locked)
            returning m.id, m.phone_number_id, m.status, m.delivered_at, m.read_at, m.replied_at),
          ${stageNumbersOf('marked')}
          select count(*) from marked`,
    );
  },

  /**
   * Marks the numbers that wrote in as having replied (a segment's "has replied"), once each, locking
   * their rows in id order after the logs, as the blast's settle takes the two.
   */
  async markWroteIn(tx: Executor, counterparts: string[]) {
    if (counterparts.length === 0) return;
    await tx.execute(
      sql`with wrote as materialized (
            select p.id from ${phoneNumbers} p
            where p.number = any(${sql.param(counterparts)}::text[] collate "C") and not p.wrote_in
            order by p.id for update of p)
          update ${phoneNumbers} p set wrote_in = true where p.id in (select id from wrote)`,
    );
  },

  /**
   * Creates or moves on each thread (one entry per account and number), in key order so concurrent
   * writers never deadlock; the newer of the stored and the given last message wins. Answers each
   * thread's id by account and number.
   */
  async touchThreads(tx: Executor, activity: ThreadActivity[]) {
    const rows = await queryRows<{ id: number; whatsapp_id: number; counterpart: string }>(
      tx,
      sql`insert into ${inboxThreads} as t
            (whatsapp_id, user_id, counterpart, last_at, last_text, last_direction, unread)
          select * from unnest(
            ${sql.param(activity.map((a) => a.whatsappId))}::int[],
            ${sql.param(activity.map((a) => a.userId))}::int[],
            ${sql.param(activity.map((a) => a.counterpart))}::text[],
            ${sql.param(activity.map((a) => a.lastAt.toISOString()))}::timestamptz[],
            ${sql.param(activity.map((a) => a.lastText))}::text[],
            ${sql.param(activity.map((a) => a.lastDirection))}::text[],
            ${sql.param(activity.map((a) => a.unread))}::int[]
          ) order by 1, 3
          on conflict (whatsapp_id, counterpart) do update set
            last_at = greatest(t.last_at, excluded.last_at),
            last_text = case when excluded.last_at >= t.last_at then excluded.last_text else t.last_text end,
            last_direction = case when excluded.last_at >= t.last_at then excluded.last_direction
              else t.last_direction end,
            unread = t.unread + excluded.unread
          returning t.id, t.whatsapp_id, t.counterpart`,
    );
    return new Map(rows.map((row) => [`${row.whatsapp_id}|${row.counterpart}`, Number(row.id)]));
  },

  /** Adds messages to their threads in one statement; answers the rows in the order given. */
  insertMessages: (tx: Executor, rows: (NewInboxMessage & { threadId: number })[]) =>
    tx.insert(inboxMessages).values(rows).returning(),

  /** One thread, or undefined. */
  async thread(db: Executor, id: number): Promise<ThreadRecord | undefined> {
    const [row] = await selectThreads(db).where(eq(inboxThreads.id, id));
    return row as ThreadRecord | undefined;
  },

  /** One page of threads, newest activity first (by last message, then id). */
  async threadPage(db: Db, filter: ThreadFilter, request: PageRequest) {
    const { ids, meta } = await readPage(
      db,
      { table: inboxThreads, orderBy: [inboxThreads.lastAt], direction: 'desc', where: threadsWhere(filter) },
      request,
    );
    const rows = ids.length === 0 ? [] : await selectThreads(db).where(inArray(inboxThreads.id, ids));
    return { rows: inPageOrder(ids, rows as ThreadRecord[], (row) => row.id), meta };
  },

  /** One page of a thread's messages, newest first. */
  async messagePage(db: Db, threadId: number, request: PageRequest) {
    const { ids, meta } = await readPage(
      db,
      { table: inboxMessages, direction: 'desc', where: eq(inboxMessages.threadId, threadId) },
      request,
    );
    const rows =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(inboxMessages)
            .where(inArray(inboxMessages.id, ids))
            .orderBy(desc(inboxMessages.id));
    return { rows, meta };
  },

  /** An answer the network took: added to its thread, which becomes read (its owner is answering). */
  recordOutbound: (db: Db, message: NewInboxMessage & { threadId: number }) =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(inboxMessages).values(message).returning();
      await tx
        .update(inboxThreads)
        .set({ lastAt: message.at, lastText: message.text, lastDirection: 'out', unread: 0 })
        .where(and(eq(inboxThreads.id, message.threadId), lte(inboxThreads.lastAt, message.at)));
      return row!;
    }),

  /** The owner opened the thread: nothing in it is unread any more. */
  markRead: (db: Db, threadId: number) =>
    db
      .update(inboxThreads)
      .set({ unread: 0 })
      .where(and(eq(inboxThreads.id, threadId), gt(inboxThreads.unread, 0))),
};
