import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db';
import { messageTemplates } from '../../db/schema';
import { templateColumns } from '../../domain/templates';
import { readPage, type PageRequest } from '../../lib/paging';

export type TemplateRecord = typeof messageTemplates.$inferSelect;
export type TemplateValues = Omit<typeof messageTemplates.$inferInsert, 'id'>;

/** The message_templates table: every statement the message module runs. */
export const templateRepository = {
  /** Every template, newest first, with its use count summed. */
  newestFirst: (db: Db) =>
    db.select(templateColumns).from(messageTemplates).orderBy(desc(messageTemplates.id)),

  /** A page of templates, newest first, of one status when asked (on its index, migration 0021). */
  async page(db: Db, request: PageRequest & { status?: string }) {
    const { ids, meta } = await readPage(
      db,
      {
        table: messageTemplates,
        direction: 'desc',
        where: request.status ? eq(messageTemplates.status, request.status) : undefined,
        kept: 'message_templates',
      },
      request,
    );
    const rows = ids.length
      ? await db
          .select(templateColumns)
          .from(messageTemplates)
          .where(inArray(messageTemplates.id, ids))
          .orderBy(desc(messageTemplates.id))
      : [];
    return { rows, meta };
  },

  async find(db: Db, id: number): Promise<TemplateRecord | undefined> {
    const [row] = await db.select(templateColumns).from(messageTemplates).where(eq(messageTemplates.id, id));
    return row;
  },

  async insert(db: Db, values: TemplateValues): Promise<TemplateRecord> {
    const [row] = await db.insert(messageTemplates).values(values).returning();
    return row!;
  },

  async update(db: Db, id: number, values: Partial<TemplateValues>): Promise<TemplateRecord> {
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
