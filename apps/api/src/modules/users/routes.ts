import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql, inArray } from 'drizzle-orm';
import {
  API,
  ALL_ROLES,
  MSG,
  adminUserUpdateSchema,
  idParamSchema,
  membersPageQuerySchema,
  selfUpdateSchema,
  type AdminUserUpdate,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { containsText } from '../../lib/search';
import { ledgerEntries, users, whatsappAccounts } from '../../db/schema';
import { HttpError, unlessTaken } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { OPERATOR_ROLES, isOperator, route } from '../../lib/routes';
import { hashPassword } from '../auth/passwords';
import { recordAudit } from '../audit/service';
import { auditedUser, blastFeeOf, presentOne, presentUsers } from './service';

// Correlated subqueries must name the outer table: a bare column would bind to the inner one.
const outerUserId = sql.raw('"users"."id"');

const emailTaken = () => new HttpError(400, MSG.emailTaken, { errors: { email: MSG.emailTaken } });

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const findUser = async (id: number) => {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new HttpError(404, MSG.userNotFound);
    return row;
  };

  route(app, ctx, {
    method: 'GET',
    url: API.members,
    access: OPERATOR_ROLES,
    handler: async () => {
      const rows = await ctx.db.select().from(users).where(eq(users.role, 'member')).orderBy(users.firstname);
      return { users: await presentUsers(ctx.db, rows) };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.membersPerPage,
    access: OPERATOR_ROLES,
    query: membersPageQuerySchema,
    handler: async ({ query }) => {
      const conditions = [eq(users.role, 'member')];
      if (query.search) {
        conditions.push(
          containsText(query.search, [
            users.firstname,
            users.lastname,
            users.email,
            sql`${users.firstname} || ' ' || ${users.lastname}`,
          ]),
        );
      }
      const connected = sql`exists (select 1 from ${whatsappAccounts} w where w.user_id = ${outerUserId} and w.state = 'connected')`;
      if (query.s === 'active') conditions.push(sql`${connected}`);
      if (query.s === 'inactive') conditions.push(sql`not ${connected}`);
      const { ids, meta } = await readPage(
        ctx.db,
        {
          table: users,
          id: users.id,
          ids: () => ctx.db.select({ id: users.id }).from(users).$dynamic(),
          orderBy: [users.createdAt],
          direction: 'desc',
          where: and(...conditions),
        },
        query,
      );
      const rows = await ctx.db
        .select({
          user: users,
          income: sql<string>`coalesce((select sum(l.amount) from ${ledgerEntries} l where l.user_id = ${outerUserId} and l.kind = 'blast_income'), 0)`,
          whatsapps: sql<string>`(select count(*) from ${whatsappAccounts} w where w.user_id = ${outerUserId})`,
        })
        .from(users)
        .where(inArray(users.id, ids))
        .orderBy(desc(users.createdAt), desc(users.id));
      const presented = await presentUsers(
        ctx.db,
        rows.map((row) => row.user),
      );
      return {
        data: presented.map((user, i) => ({
          ...user,
          income: Number(rows[i]!.income),
          whatsapps: Number(rows[i]!.whatsapps),
        })),
        meta,
      };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.activeUsers,
    access: OPERATOR_ROLES,
    handler: async () => {
      const [row] = await ctx.db
        .select({ count: sql<string>`count(distinct ${whatsappAccounts.userId})` })
        .from(whatsappAccounts)
        .innerJoin(users, eq(users.id, whatsappAccounts.userId))
        .where(and(eq(whatsappAccounts.state, 'connected'), eq(users.role, 'member')));
      return { count: Number(row?.count ?? 0) };
    },
  });

  route(app, ctx, {
    method: 'GET',
    url: API.blastFee(':id'),
    access: ALL_ROLES,
    ownerParam: 'id',
    params: idParamSchema,
    handler: async ({ params }) => ({ blast_fee: await blastFeeOf(ctx.db, await findUser(params.id)) }),
  });

  route(app, ctx, {
    method: 'GET',
    url: API.user(':id'),
    access: ALL_ROLES,
    ownerParam: 'id',
    params: idParamSchema,
    handler: async ({ params }) => {
      const user = await presentOne(ctx.db, await findUser(params.id));
      return { user, level: user.level, color: user.color };
    },
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.user(':id'),
    access: ALL_ROLES,
    ownerParam: 'id',
    params: idParamSchema,
    handler: async ({ params, user: actor, request }) => {
      const target = await findUser(params.id);
      // Only operators may change roles, fees and intervals; anyone else's extra fields are dropped.
      const operator = isOperator(actor);
      const changes: AdminUserUpdate = operator
        ? adminUserUpdateSchema.parse(request.body ?? {})
        : selfUpdateSchema.parse(request.body ?? {});
      const email = changes.email?.toLowerCase();
      const values = Object.fromEntries(
        Object.entries({
          firstname: changes.firstname,
          lastname: changes.lastname,
          email,
          passwordHash: changes.password ? await hashPassword(changes.password) : undefined,
          accountName: changes.account_name,
          accountBank: changes.account_bank,
          accountNumber: changes.account_number,
          ...(operator ? operatorFields(changes) : {}),
        }).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(values).length === 0) return { user: await presentOne(ctx.db, target) };
      // The unique index on e-mail refuses an address another user holds, race or no race.
      const [updated] = await unlessTaken(
        ctx.db.transaction(async (tx) => {
          const [current] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
          const rows = await tx.update(users).set(values).where(eq(users.id, target.id)).returning();
          const after = auditedUser(rows[0]!, values.passwordHash !== undefined);
          const before = auditedUser(current!);
          await recordAudit(tx, ctx, {
            actor,
            action: 'user.update',
            target: { type: 'user', id: target.id },
            before,
            after,
          });
          return rows;
        }),
        emailTaken,
      );
      return { user: await presentOne(ctx.db, updated!) };
    },
  });
}

function operatorFields(changes: AdminUserUpdate) {
  return {
    role: changes.role,
    blastFee: changes.blast_fee,
    blastIntervalMin: changes.blast_interval_min,
    blastIntervalMax: changes.blast_interval_max,
  };
}
