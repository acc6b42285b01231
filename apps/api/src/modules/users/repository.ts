import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  STAFF_ROLES,
  type MEMBER_SORT_KEYS,
  type REFERRAL_SORT_KEYS,
  type STAFF_SORT_KEYS,
  type SortDirection,
} from '@blaster/contract';
import type { AnyPgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import type { Executor } from '../../ledger/ledger';
import { ledgerEntries, users, whatsappAccounts } from '../../db/schema';
import { inPageOrder, readPage, type PageRequest } from '../../lib/paging';
import { personMatches } from '../../lib/search';

export type UserRecord = typeof users.$inferSelect;
export type UserChanges = PgUpdateSetSource<typeof users>;

// Correlated subqueries must name the outer table: a bare column would bind to the inner one.
const outerUserId = sql.raw('"users"."id"');
const hasConnectedAccount = sql`exists (select 1 from ${whatsappAccounts} w where w.user_id = ${outerUserId} and w.state = 'connected')`;

/** The member list's filters: a search over names and e-mail, and connected or not. */
export interface MemberFilter {
  search?: string;
  status?: string;
  sort?: MemberSortKey;
  dir?: SortDirection;
}

type MemberSortKey = (typeof MEMBER_SORT_KEYS)[number];
/** Each sort key as its index holds it (migration 0019; the email's is its unique index). */
const memberSortKeys: Record<MemberSortKey, AnyPgColumn | SQL> = {
  name: sql`lower(${users.firstname} || ' ' || ${users.lastname}) collate "C"`,
  email: users.email,
  created: users.createdAt,
};

type ReferralSortKey = (typeof REFERRAL_SORT_KEYS)[number];
/** What the referral list may ask besides the page: a search over names and e-mail, and a sort. */
export interface ReferralFilter {
  search?: string;
  sort?: ReferralSortKey;
  dir?: SortDirection;
}

/** A sort the staff list offers, and its direction. */
export interface StaffSort {
  sort?: (typeof STAFF_SORT_KEYS)[number];
  dir?: SortDirection;
}
const staffSortKeys: Record<NonNullable<StaffSort['sort']>, AnyPgColumn | SQL> = {
  name: memberSortKeys.name,
  email: users.email,
  role: users.role,
  created: users.createdAt,
};

function memberConditions(filter: MemberFilter): SQL | undefined {
  const conditions = [eq(users.role, 'member')];
  if (filter.search) conditions.push(personMatches(filter.search));
  if (filter.status === 'active') conditions.push(sql`${hasConnectedAccount}`);
  if (filter.status === 'inactive') conditions.push(sql`not ${hasConnectedAccount}`);
  return and(...conditions);
}

/** The users table: every statement the users module runs. */
export const userRepository = {
  async byId(db: Executor, id: number): Promise<UserRecord | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  members: (db: Db) => db.select().from(users).where(eq(users.role, 'member')).orderBy(users.firstname),

  /** The operators' accounts: by role and first name, or in the sort asked (the id last, either way). */
  staff: (db: Db, { sort, dir }: StaffSort = {}) => {
    const order = dir === 'desc' ? desc : asc;
    return db
      .select()
      .from(users)
      .where(inArray(users.role, [...STAFF_ROLES]))
      .orderBy(
        ...(sort
          ? [order(staffSortKeys[sort]), order(users.id)]
          : [asc(users.role), asc(users.firstname), asc(users.id)]),
      );
  },

  /** A page of members, newest first, each with their blast income and how many chat accounts they hold. */
  async memberPage(db: Db, filter: MemberFilter, request: PageRequest) {
    const { ids, meta } = await readPage(
      db,
      {
        table: users,
        // Newest first unless a sort is asked for.
        orderBy: [memberSortKeys[filter.sort ?? 'created']],
        direction: filter.sort ? (filter.dir ?? 'asc') : 'desc',
        where: memberConditions(filter),
      },
      request,
    );
    const rows = await db
      .select({
        user: users,
        income: sql<string>`coalesce((select sum(l.amount) from ${ledgerEntries} l where l.user_id = ${outerUserId} and l.kind = 'blast_income'), 0)`,
        whatsapps: sql<string>`(select count(*) from ${whatsappAccounts} w where w.user_id = ${outerUserId})`,
      })
      .from(users)
      .where(inArray(users.id, ids));
    // In the page's order, which the ids have.
    const position = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.user.id)! - position.get(b.user.id)!);
    return { rows, meta };
  },

  async connectedMemberCount(db: Db): Promise<number> {
    const [row] = await db
      .select({ count: sql<string>`count(distinct ${whatsappAccounts.userId})` })
      .from(whatsappAccounts)
      .innerJoin(users, eq(users.id, whatsappAccounts.userId))
      .where(and(eq(whatsappAccounts.state, 'connected'), eq(users.role, 'member')));
    return Number(row?.count ?? 0);
  },

  async lockForUpdate(executor: Executor, id: number): Promise<UserRecord | undefined> {
    const [row] = await executor.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  },

  async update(executor: Executor, id: number, changes: UserChanges): Promise<UserRecord> {
    const [row] = await executor.update(users).set(changes).where(eq(users.id, id)).returning();
    return row!;
  },

  /** The change that ends a user's sessions: their token version moves on. */
  nextTokenVersion: () => sql`${users.tokenVersion} + 1`,

  /**
   * A page of the members a referrer brought, each with what the referrer earned from their blasts:
   * by id, or in the sort asked, and only those whose name or e-mail holds the search.
   */
  async referralPage(db: Db, referrerId: number, request: PageRequest & ReferralFilter) {
    const earnedFrom = sql<string>`coalesce((
      select sum(l.amount) from ${ledgerEntries} l
      where l.kind = 'referral_income' and l.user_id = ${referrerId} and l.source_user_id = ${outerUserId}
    ), 0)`;
    const referralSortKeys: Record<ReferralSortKey, AnyPgColumn | SQL> = {
      name: memberSortKeys.name,
      email: users.email,
      // Computed for every referred member before the page is cut: a referrer's referrals are few,
      // each summed on the ledger's (user_id, source_user_id) index.
      income: earnedFrom,
    };
    const { ids, meta } = await readPage(
      db,
      {
        table: users,
        orderBy: request.sort ? [referralSortKeys[request.sort]] : [],
        direction: request.sort ? (request.dir ?? 'asc') : 'asc',
        where: and(
          eq(users.referredBy, referrerId),
          request.search ? personMatches(request.search) : undefined,
        ),
      },
      request,
    );
    const rows = ids.length
      ? await db
          .select({
            id: users.id,
            firstname: users.firstname,
            lastname: users.lastname,
            email: users.email,
            income: earnedFrom,
          })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    return { rows: inPageOrder(ids, rows, (row) => row.id), meta };
  },

  async referralIncome(db: Db, referrerId: number): Promise<number> {
    const [sum] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, referrerId), eq(ledgerEntries.kind, 'referral_income')));
    return Number(sum?.total ?? 0);
  },
};
