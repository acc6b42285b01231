import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { users, withdrawals } from '../../db/schema';
import { readPage, type PageRequest } from '../../lib/paging';

const newestFirst = [desc(withdrawals.createdAt), desc(withdrawals.id)];

/** Withdrawals with the requester's name and bank details, as every list shows them. */
const withRequester = (db: Db) =>
  db
    .select({
      withdrawal: withdrawals,
      firstname: users.firstname,
      lastname: users.lastname,
      account_bank: users.accountBank,
      account_number: users.accountNumber,
      account_name: users.accountName,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId));

export type WithdrawalWithRequester = Awaited<
  ReturnType<ReturnType<typeof withRequester>['execute']>
>[number];

/** The withdrawals table: every statement the withdraw module runs (requests and decisions go through the ledger). */
export const withdrawRepository = {
  async one(db: Db, id: number): Promise<WithdrawalWithRequester | undefined> {
    const [row] = await withRequester(db).where(eq(withdrawals.id, id));
    return row;
  },

  /** Every withdrawal, newest first; `owner` null means everyone's. */
  all: (db: Db, owner: number | null) =>
    withRequester(db)
      .where(owner === null ? undefined : eq(withdrawals.userId, owner))
      .orderBy(...newestFirst),

  async requesterOf(db: Db, id: number): Promise<number | undefined> {
    const [row] = await db
      .select({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    return row?.userId;
  },

  async page(db: Db, owner: number | null, request: PageRequest) {
    const where: SQL | undefined = owner === null ? undefined : eq(withdrawals.userId, owner);
    const { ids, meta } = await readPage(
      db,
      {
        table: withdrawals,
        orderBy: [withdrawals.createdAt],
        direction: 'desc',
        where,
      },
      request,
    );
    const rows = ids.length
      ? await withRequester(db)
          .where(inArray(withdrawals.id, ids))
          .orderBy(...newestFirst)
      : [];
    return { rows, meta };
  },
};
