import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import type { Executor } from '../../ledger/ledger';
import { users } from '../../db/schema';

export type AccountRecord = typeof users.$inferSelect;
export type NewAccount = typeof users.$inferInsert;

/** The accounts as sign-in and sign-up see them: every statement the auth module runs on users. */
export const accountRepository = {
  async byEmail(db: Db, email: string): Promise<AccountRecord | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  },

  async idOfReferralCode(db: Db, code: string): Promise<number | undefined> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
    return row?.id;
  },

  /** The new account, or undefined when its e-mail is another account's (the unique index decides). */
  async insert(executor: Executor, values: NewAccount): Promise<AccountRecord | undefined> {
    const [row] = await executor
      .insert(users)
      .values(values)
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  },

  async bumpTokenVersion(db: Db, userId: number) {
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
  },
};
