import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ALL_USERS, type SortDirection, type WHATSAPP_SORT_KEYS } from '@blaster/contract';
import { queryRows, type Db } from '../../db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../ledger/ledger';
import { proxies, users, whatsappAccounts } from '../../db/schema';
import type { AccountRow } from '../../domain/accounts';
import { accountMatches } from '../../lib/search';
import {
  inPageOrder,
  keptTotal,
  readKeptRows,
  readPage,
  selectColumns,
  type KeptRowsSource,
  type PageRequest,
} from '../../lib/paging';

/** An account with its owner's name, as the lists show it. */
export interface ListedAccount {
  account: AccountRow;
  firstname: string;
  lastname: string;
}

interface Owner {
  ownerFirstname: string;
  ownerLastname: string;
}
/** The unfiltered list: its page, total and rows with their owners' names in one statement. */
const accountsPage: KeptRowsSource = {
  list: 'whatsapp_accounts',
  table: whatsappAccounts,
  select: `${selectColumns(whatsappAccounts, 'row')}, owner.firstname as "ownerFirstname", owner.lastname as "ownerLastname"`,
  joins: 'join users owner on owner.id = "row".user_id',
};

const accountsWithOwner = (db: Db) =>
  db
    .select({ account: whatsappAccounts, firstname: users.firstname, lastname: users.lastname })
    .from(whatsappAccounts)
    .innerJoin(users, eq(users.id, whatsappAccounts.userId))
    .$dynamic();

/** A sort the chat-account list offers, and its direction. */
export interface AccountSort {
  sort?: (typeof WHATSAPP_SORT_KEYS)[number];
  dir?: SortDirection;
}
/** Each sort key as its index holds it (migration 0021). */
const accountSortKeys = {
  success: whatsappAccounts.countSuccess,
  failed: whatsappAccounts.countFail,
  income: whatsappAccounts.income,
} satisfies Record<NonNullable<AccountSort['sort']>, AnyPgColumn>;

/**
 * One page of the chat-account list with each owner's name: what list-per-page reads (the bench
 * times exactly this). Only the page's rows are joined.
 */
export async function readAccountsPage(
  db: Db,
  where: SQL | undefined,
  request: PageRequest,
  { sort, dir }: AccountSort = {},
) {
  if (!where && !sort) {
    const { rows, meta } = await readKeptRows<AccountRow & Owner>(db, accountsPage, request);
    const listed = rows.map((row) => ({
      account: row as AccountRow,
      firstname: row.ownerFirstname,
      lastname: row.ownerLastname,
    }));
    return { rows: listed, meta };
  }
  const { ids, meta } = await readPage(
    db,
    {
      table: whatsappAccounts,
      // Newest first unless a sort is asked for.
      orderBy: sort ? [accountSortKeys[sort]] : [],
      direction: sort ? (dir ?? 'asc') : 'desc',
      where,
      kept: 'whatsapp_accounts',
    },
    request,
  );
  const rows = ids.length ? await accountsWithOwner(db).where(inArray(whatsappAccounts.id, ids)) : [];
  return { rows: inPageOrder(ids, rows, (row) => row.account.id), meta };
}

/** The list's filter: one owner (null: everyone), a search, a state or status. */
export function accountFilter(owner: number | null, filter: { search?: string; s?: string }) {
  const conditions: SQL[] = [];
  if (owner !== null) conditions.push(eq(whatsappAccounts.userId, owner));
  if (filter.search) conditions.push(accountMatches(filter.search));
  if (filter.s === 'sending') conditions.push(eq(whatsappAccounts.status, 'sending'));
  else if (filter.s === 'suspended') conditions.push(eq(whatsappAccounts.suspended, true));
  else if (filter.s) conditions.push(eq(whatsappAccounts.state, filter.s));
  return conditions.length ? and(...conditions) : undefined;
}

/** The chat-accounts table (and the proxy and pacing columns it touches): every statement of the module. */
export const accountRepository = {
  /** Every account of one user, or of all users, newest first, with owners' names. */
  listWithOwners: (db: Db, userId: number | typeof ALL_USERS): Promise<ListedAccount[]> =>
    accountsWithOwner(db)
      .where(userId === ALL_USERS ? undefined : eq(whatsappAccounts.userId, userId))
      .orderBy(desc(whatsappAccounts.id)),

  async byId(executor: Executor, id: number): Promise<AccountRow | undefined> {
    const [account] = await executor.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id));
    return account;
  },

  async byClientid(executor: Executor, clientid: string): Promise<AccountRow | undefined> {
    const [account] = await executor
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.clientid, clientid));
    return account;
  },

  /** The account of a device, locked until the transaction ends. */
  async lockByClientid(executor: Executor, clientid: string): Promise<AccountRow | undefined> {
    const [account] = await executor
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.clientid, clientid))
      .for('update');
    return account;
  },

  /** One number saved on several accounts (connected again): the connected one, else the newest. */
  async byNumber(db: Db, phonenumber: string, ownerId: number | null): Promise<AccountRow | undefined> {
    const [account] = await db
      .select()
      .from(whatsappAccounts)
      .where(
        and(
          eq(whatsappAccounts.phonenumber, phonenumber),
          ownerId === null ? undefined : eq(whatsappAccounts.userId, ownerId),
        ),
      )
      .orderBy(sql`(${whatsappAccounts.state} = 'connected') desc`, desc(whatsappAccounts.id))
      .limit(1);
    return account;
  },

  async countByState(db: Db, userId: number | typeof ALL_USERS) {
    if (userId === ALL_USERS) {
      // Everyone's: the kept blocks count every account, the state's index the connected ones.
      const [all] = await queryRows<{ connected: string | number; total: string | number }>(
        db,
        sql`select (select count(*) from ${whatsappAccounts} where ${whatsappAccounts.state} = 'connected') as connected,
              (${keptTotal('whatsapp_accounts')}) as total`,
      );
      return { connected: Number(all?.connected ?? 0), total: Number(all?.total ?? 0) };
    }
    const [row] = await db
      .select({
        connected: sql<string>`count(*) filter (where ${whatsappAccounts.state} = 'connected')`,
        total: sql<string>`count(*)`,
      })
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.userId, userId));
    return { connected: Number(row?.connected ?? 0), total: Number(row?.total ?? 0) };
  },

  async leastUsedActiveProxy(db: Db): Promise<number | null> {
    const [proxy] = await db
      .select({ id: proxies.id })
      .from(proxies)
      .where(eq(proxies.status, 'active'))
      .orderBy(asc(proxies.countUse), asc(proxies.id))
      .limit(1);
    return proxy?.id ?? null;
  },

  async countProxyUse(executor: Executor, proxyId: number) {
    await executor
      .update(proxies)
      .set({ countUse: sql`${proxies.countUse} + 1` })
      .where(eq(proxies.id, proxyId));
  },

  /** Adds an account unless its device is saved already (then undefined). */
  async insertNew(executor: Executor, values: typeof whatsappAccounts.$inferInsert) {
    const [account] = await executor
      .insert(whatsappAccounts)
      .values(values)
      .onConflictDoNothing({ target: whatsappAccounts.clientid })
      .returning();
    return account;
  },

  async update(
    executor: Executor,
    id: number,
    values: Partial<typeof whatsappAccounts.$inferInsert>,
  ): Promise<AccountRow> {
    const [account] = await executor
      .update(whatsappAccounts)
      .set(values)
      .where(eq(whatsappAccounts.id, id))
      .returning();
    return account!;
  },

  async setOwnerPacing(db: Db, userId: number, min: number, max: number) {
    await db.update(users).set({ blastIntervalMin: min, blastIntervalMax: max }).where(eq(users.id, userId));
  },
};
