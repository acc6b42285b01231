import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db';
import type { Executor } from '../../ledger/ledger';
import { whatsappAccounts } from '../../db/schema';
import type { AccountRow } from '../../domain/accounts';

/** The schedule columns of the chat-accounts table: every statement the schedule module runs. */
export const scheduleRepository = {
  async account(db: Db, id: number): Promise<AccountRow | undefined> {
    const [account] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
    return account;
  },

  async setStart(executor: Executor, id: number, startAt: Date, by: number): Promise<AccountRow> {
    const [row] = await executor
      .update(whatsappAccounts)
      .set({ blastScheduledAt: startAt, blastScheduledBy: by })
      .where(eq(whatsappAccounts.id, id))
      .returning();
    return row!;
  },

  /** Clears a set schedule in one statement: undefined when there was none (or the engine took it). */
  async clearStart(executor: Executor, id: number): Promise<AccountRow | undefined> {
    const [row] = await executor
      .update(whatsappAccounts)
      .set({ blastScheduledAt: null, blastScheduledBy: null })
      .where(and(eq(whatsappAccounts.id, id), isNotNull(whatsappAccounts.blastScheduledAt)))
      .returning();
    return row;
  },
};
