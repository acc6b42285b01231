import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { AB_TEST_RUNNING } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import { abTests, abTestVariants, messageLogs, messageTemplates, whatsappAccounts } from '../../db/schema';
import { sendableTemplate } from '../../domain/templates';
import type { Executor } from '../../ledger/ledger';

export type AbTestRecord = typeof abTests.$inferSelect & { account: string | null };

/** The latest tests a list shows. */
const LIST_LIMIT = 50;

const testColumns = { ...getTableColumns(abTests), account: whatsappAccounts.phonenumber };

/** The A/B tests and their variants: every statement of the module. */
export const abTestRepository = {
  sendableTemplates: (db: Db, ids?: number[]) =>
    db
      .select({ id: messageTemplates.id, text: messageTemplates.text, textWa: messageTemplates.textWa })
      .from(messageTemplates)
      .where(ids ? and(sendableTemplate, inArray(messageTemplates.id, ids)) : sendableTemplate)
      .orderBy(messageTemplates.id),

  list: (db: Db, userId: number | null): Promise<AbTestRecord[]> =>
    db
      .select(testColumns)
      .from(abTests)
      .innerJoin(whatsappAccounts, eq(whatsappAccounts.id, abTests.whatsappId))
      .where(userId === null ? undefined : eq(abTests.userId, userId))
      .orderBy(desc(abTests.id))
      .limit(LIST_LIMIT),

  async find(db: Db, id: number): Promise<AbTestRecord | undefined> {
    const [row] = await db
      .select(testColumns)
      .from(abTests)
      .innerJoin(whatsappAccounts, eq(whatsappAccounts.id, abTests.whatsappId))
      .where(eq(abTests.id, id));
    return row;
  },

  /** The account's running test, if any. */
  async running(db: Db, whatsappId: number) {
    const [row] = await db
      .select({ id: abTests.id })
      .from(abTests)
      .where(and(eq(abTests.whatsappId, whatsappId), inArray(abTests.status, AB_TEST_RUNNING)));
    return row;
  },

  /**
   * Writes the test and its variants. Its sample starts after the account's last log: the account is
   * idle, so nothing of its own is claimed in between. Undefined when the account runs a test already.
   */
  async insert(tx: Executor, values: Omit<typeof abTests.$inferInsert, 'fromLogId'>, templateIds: number[]) {
    const [last] = await queryRows<{ id: number | string }>(
      tx,
      sql`select coalesce(max(id), 0) as id from ${messageLogs} where whatsapp_id = ${values.whatsappId}::int`,
    );
    const [row] = await tx
      .insert(abTests)
      .values({ ...values, fromLogId: Number(last!.id) })
      .onConflictDoNothing()
      .returning({ id: abTests.id });
    if (!row) return undefined;
    await tx
      .insert(abTestVariants)
      .values(templateIds.map((templateId, i) => ({ abTestId: row.id, templateId, position: i + 1 })));
    return row.id;
  },

  /** Cancels the test if it is still under way; false when it was over already. */
  async cancelRunning(db: Db, id: number) {
    const rows = await db
      .update(abTests)
      .set({ status: 'cancelled' })
      .where(and(eq(abTests.id, id), inArray(abTests.status, AB_TEST_RUNNING)))
      .returning({ id: abTests.id });
    return rows.length > 0;
  },

  /** The variants of some tests with their templates' captions (empty when a template is gone). */
  variants: (db: Db, testIds: number[]) =>
    testIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            abTestId: abTestVariants.abTestId,
            templateId: abTestVariants.templateId,
            position: abTestVariants.position,
            textWa: messageTemplates.textWa,
            text: messageTemplates.text,
          })
          .from(abTestVariants)
          .leftJoin(messageTemplates, eq(messageTemplates.id, abTestVariants.templateId))
          .where(inArray(abTestVariants.abTestId, testIds))
          .orderBy(abTestVariants.abTestId, abTestVariants.position),
};
