import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SortDirection, TEMPLATE_SORT_KEYS } from '@blaster/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db';
import { CAPTION_SORT_CHARS, messageLogs, messageTemplates } from '../../db/schema';
import type { Executor } from '../../ledger/ledger';
import { templateColumns } from '../../domain/templates';
import { inPageOrder, readPage, type PageRequest } from '../../lib/paging';
import { containsText } from '../../lib/search';

export type TemplateRecord = typeof messageTemplates.$inferSelect & { sends?: number };
export type TemplateValues = Omit<typeof messageTemplates.$inferInsert, 'id'>;

/** What the template list is narrowed to, and the sort asked. */
export interface TemplateFilter {
  status?: string;
  search?: string;
  sort?: (typeof TEMPLATE_SORT_KEYS)[number];
  dir?: SortDirection;
}

/** Each sort key as its index holds it (migration 0022). */
const templateSortKeys: Record<NonNullable<TemplateFilter['sort']>, AnyPgColumn | SQL> = {
  caption: sql`lower(left(${messageTemplates.textWa}, ${sql.raw(String(CAPTION_SORT_CHARS))})) collate "C"`,
  status: messageTemplates.status,
  created: messageTemplates.createdAt,
};

/** The buttons' titles as one text; lax, so a button list of another shape finds nothing. */
const buttonTitles = sql`(select string_agg(title #>> '{}', ' ') from jsonb_path_query(${messageTemplates.button}, '$[*].title') title)`;

function templateConditions(filter: TemplateFilter): SQL | undefined {
  return and(
    filter.status ? eq(messageTemplates.status, filter.status) : undefined,
    // The caption as the list shows it (the HTML one would also match its tags), and the buttons.
    filter.search ? containsText(filter.search, [messageTemplates.textWa, buttonTitles]) : undefined,
  );
}

/** The message_templates table: every statement the message module runs. */
export const templateRepository = {
  /** Every template, newest first, with its use count summed. */
  newestFirst: (db: Db) =>
    db.select(templateColumns).from(messageTemplates).orderBy(desc(messageTemplates.id)),

  /**
   * A page of templates, newest first unless a sort is asked, of one status and matching the search
   * when asked (the status on its index, migration 0021).
   */
  async page(db: Db, request: PageRequest & TemplateFilter) {
    const { ids, meta } = await readPage(
      db,
      {
        table: messageTemplates,
        ...(request.sort
          ? { orderBy: [templateSortKeys[request.sort]], direction: request.dir ?? 'asc' }
          : { direction: 'desc' as const }),
        where: templateConditions(request),
        kept: 'message_templates',
      },
      request,
    );
    const rows = ids.length
      ? await db.select(templateColumns).from(messageTemplates).where(inArray(messageTemplates.id, ids))
      : [];
    return { rows: inPageOrder(ids, rows, (row) => row.id), meta };
  },

  /** The review queue: a page of one review state's templates, oldest first (migration 0027's index). */
  async reviewPage(db: Db, request: PageRequest & { state: TemplateRecord['reviewState'] }) {
    const { ids, meta } = await readPage(
      db,
      {
        table: messageTemplates,
        orderBy: [messageTemplates.reviewState],
        direction: 'asc',
        where: eq(messageTemplates.reviewState, request.state),
        kept: 'message_templates',
      },
      request,
    );
    const rows = ids.length
      ? await db.select(templateColumns).from(messageTemplates).where(inArray(messageTemplates.id, ids))
      : [];
    return { rows: inPageOrder(ids, rows, (row) => row.id), meta };
  },

  /** The template held until the transaction ends, so a review decides on what it read. */
  async lock(tx: Executor, id: number): Promise<TemplateRecord | undefined> {
    const [row] = await tx.select().from(messageTemplates).where(eq(messageTemplates.id, id)).for('update');
    return row;
  },

  /** The id the next message log gets at the least: a trial batch's feedback is read from there on. */
  async nextLogId(tx: Executor): Promise<number> {
    const [row] = await queryRows<{ next: string | number }>(
      tx,
      sql`select coalesce(max(${messageLogs.id}), 0) + 1 as next from ${messageLogs}`,
    );
    return Number(row?.next ?? 1);
  },

  /** Its own sends so far (every account's tally): an edit starts its quality again from here. */
  async sendsSoFar(tx: Executor, id: number): Promise<number> {
    const [row] = await queryRows<{ sends: string | number | null }>(
      tx,
      sql`select sum(count) as sends from template_use_counts where template_id = ${id}`,
    );
    return Number(row?.sends ?? 0);
  },

  async find(db: Db, id: number): Promise<TemplateRecord | undefined> {
    const [row] = await db.select(templateColumns).from(messageTemplates).where(eq(messageTemplates.id, id));
    return row;
  },

  async insert(db: Db, values: TemplateValues): Promise<TemplateRecord> {
    const [row] = await db.insert(messageTemplates).values(values).returning();
    return row!;
  },

  async update(db: Executor, id: number, values: Partial<TemplateValues>): Promise<TemplateRecord> {
    const [row] = await db
      .update(messageTemplates)
      .set(values)
      .where(eq(messageTemplates.id, id))
      .returning();
    return row!;
  },

  async delete(db: Db, id: number): Promise<TemplateRecord | undefined> {
    const [row] = await db.delete(messageTemplates).where(eq(messageTemplates.id, id)).returning();
    return row;
  },

  /** Deletes these templates in one statement; answers the media each named. */
  deleteMany: (db: Db, ids: number[]) =>
    db
      .delete(messageTemplates)
      .where(inArray(messageTemplates.id, ids))
      .returning({ media: messageTemplates.media }),

  /** Gives these templates a status in one statement; answers how many had another before. */
  async setStatus(db: Db, ids: number[], status: TemplateRecord['status']): Promise<number> {
    const changed = await db
      .update(messageTemplates)
      .set({ status })
      .where(and(inArray(messageTemplates.id, ids), ne(messageTemplates.status, status)))
      .returning({ id: messageTemplates.id });
    return changed.length;
  },

  /** How many templates show this media (imports may share one file). */
  async mediaUsers(db: Db, media: string): Promise<number> {
    const [row] = await db
      .select({ users: count() })
      .from(messageTemplates)
      .where(eq(messageTemplates.media, media));
    return row?.users ?? 0;
  },
};
