import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MONEY_SORT_KEYS, SortDirection, WithdrawStatus } from '@blaster/contract';
import type { Db } from '../../db';
import { users, withdrawals } from '../../db/schema';
import { inPageOrder, readPage, sortedOrNewest, type PageRequest } from '../../lib/paging';
import { containsText, personMatches } from '../../lib/search';

const newestFirst = [desc(withdrawals.createdAt), desc(withdrawals.id)];
/** Each sort key's column, on its index (migration 0021). */
const withdrawSortKeys = { nominal: withdrawals.nominal, created: withdrawals.createdAt };

/**
 * What a page of withdrawals may ask besides the page: a sort, a status and a search. The search
 * finds the amount and, for reviewers (`byMember`), the member's name and e-mail.
 */
export interface WithdrawListQuery {
  sort?: (typeof MONEY_SORT_KEYS)[number];
  dir?: SortDirection;
  status?: WithdrawStatus;
  search?: string;
  byMember?: boolean;
}

/**
 * The digits of an amount as typed: '50.000', '50,000' and '50000' all find 50000. Text that is not
 * an amount finds none.
 */
const amountDigits = (search: string) => {
  const digits = search.replace(/[.,\s]/g, '');
  return /^\d+$/.test(digits) ? digits : undefined;
};

function searchCondition(search: string | undefined, byMember: boolean | undefined) {
  if (!search) return undefined;
  const digits = amountDigits(search);
  const found: SQL[] = [];
  if (digits !== undefined) found.push(containsText(digits, [sql`${withdrawals.nominal}::text`]));
  if (byMember) found.push(personMatches(search));
  // A member's search that is not an amount finds none of their rows.
  return found.length ? or(...found) : sql`false`;
}

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

  /** A page of withdrawals, newest first or in the sort asked; `owner` null means everyone's. */
  async page(db: Db, owner: number | null, request: PageRequest & WithdrawListQuery) {
    const where = and(
      owner === null ? undefined : eq(withdrawals.userId, owner),
      request.status ? eq(withdrawals.status, request.status) : undefined,
      searchCondition(request.search, request.byMember),
    );
    const { ids, meta } = await readPage(
      db,
      {
        table: withdrawals,
        // Only a search of the member's columns joins them; the sort stays on the withdrawal's index.
        ids:
          request.search && request.byMember
            ? () =>
                db
                  .select({ id: withdrawals.id })
                  .from(withdrawals)
                  .innerJoin(users, eq(users.id, withdrawals.userId))
                  .$dynamic()
            : undefined,
        ...sortedOrNewest(request.sort && withdrawSortKeys[request.sort], request.dir, withdrawals.createdAt),
        where,
      },
      request,
    );
    const rows = ids.length ? await withRequester(db).where(inArray(withdrawals.id, ids)) : [];
    return { rows: inPageOrder(ids, rows, (row) => row.withdrawal.id), meta };
  },
};
