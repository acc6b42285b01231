import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  API,
  ALL_ROLES,
  COOKIE_AUTH_TOKEN,
  MSG,
  adminUserUpdateSchema,
  idParamSchema,
  membersPageQuerySchema,
  selfUpdateSchema,
  STAFF_ROLES,
  userCreateSchema,
  type AdminUserUpdate,
  type AnswerOf,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import { containsText } from '../../lib/search';
import { ledgerEntries, users, whatsappAccounts } from '../../db/schema';
import { HttpError, unlessTaken } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { OPERATOR_ROLES, isOperator, route } from '../../lib/routes';
import { dropStaleAdminCredentials } from '../auth/admin-credentials';
import { LOGIN_PER_ACCOUNT, clearAttempts, countAttempt } from '../auth/attempts';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { setTokenCookie, uniqueReferralCode } from '../auth/routes';
import { recordAudit } from '../audit/service';
import { auditedUser, blastFeeOf, presentOne, presentUsers, type UserRow } from './service';

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
      return { users: await presentUsers(ctx.db, rows) } satisfies AnswerOf<'members'>;
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
    url: API.staffUsers,
    access: OPERATOR_ROLES,
    handler: async () => {
      const rows = await ctx.db
        .select()
        .from(users)
        .where(inArray(users.role, [...STAFF_ROLES]))
        .orderBy(users.role, users.firstname, users.id);
      return { users: await presentUsers(ctx.db, rows) };
    },
  });

  route(app, ctx, {
    method: 'POST',
    url: API.userCreate,
    access: OPERATOR_ROLES,
    body: userCreateSchema,
    handler: async ({ body, user: actor }) => {
      // Admin is granted by admins only, at creation as on any later change.
      if (body.role === 'admin' && actor.role !== 'admin') throw new HttpError(403, MSG.forbidden);
      const passwordHash = await hashPassword(body.password);
      const referralCode = await uniqueReferralCode(ctx);
      const created = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            firstname: body.firstname,
            lastname: body.lastname,
            email: body.email,
            passwordHash,
            role: body.role,
            referralCode,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!row) throw emailTaken();
        await recordAudit(tx, ctx, {
          actor,
          action: 'user.create',
          target: { type: 'user', id: row.id },
          before: null,
          after: auditedUser(row),
        });
        return row;
      });
      return { user: await presentOne(ctx.db, created) };
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
      return { count: Number(row?.count ?? 0) } satisfies AnswerOf<'activeUsers'>;
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
      return { user, level: user.level, color: user.color } satisfies AnswerOf<'user', 'GET'>;
    },
  });

  route(app, ctx, {
    method: 'PUT',
    url: API.user(':id'),
    access: ALL_ROLES,
    ownerParam: 'id',
    params: idParamSchema,
    handler: async ({ params, user: actor, request, reply }) => {
      const target = await findUser(params.id);
      // Only operators may change roles, fees and intervals; anyone else's extra fields are dropped.
      const operator = isOperator(actor);
      const changes: AdminUserUpdate = operator
        ? adminUserUpdateSchema.parse(request.body ?? {})
        : selfUpdateSchema.parse(request.body ?? {});
      const self = actor.id === target.id;
      const email = changes.email?.toLowerCase();
      const emailChanges = email !== undefined && email !== target.email;
      const roleChanges = operator && changes.role !== undefined && changes.role !== target.role;

      // Nobody raises (or lowers) their own role; admin is granted and taken by admins only; a dev
      // cannot take an admin's account over through its password or e-mail.
      if (roleChanges && self) throw new HttpError(403, MSG.forbidden);
      if (roleChanges && (changes.role === 'admin' || target.role === 'admin') && actor.role !== 'admin')
        throw new HttpError(403, MSG.forbidden);
      if (target.role === 'admin' && actor.role !== 'admin' && (changes.password || emailChanges))
        throw new HttpError(403, MSG.forbidden);
      // A token alone (a borrowed browser, a leaked token) does not get to lock the owner out.
      if (self && (changes.password || emailChanges))
        await checkCurrentPassword(ctx, reply, target, changes.current_password);

      const revokes = Boolean(changes.password) || roleChanges;
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
          // A new password or role ends the user's other sessions (tokens and sockets).
          tokenVersion: revokes ? sql`${users.tokenVersion} + 1` : undefined,
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
      if (revokes) ctx.access.changed(target.id);
      if (changes.password || emailChanges) await dropStaleAdminCredentials(ctx.db, ctx.config);
      if (revokes && self) {
        // The caller changed their own password: this browser stays signed in with a fresh token.
        const token = await ctx.tokens.sign(updated!.id, updated!.tokenVersion);
        if (request.cookies?.[COOKIE_AUTH_TOKEN]) setTokenCookie(reply, token);
        return { user: await presentOne(ctx.db, updated!), token };
      }
      return { user: await presentOne(ctx.db, updated!) };
    },
  });
}

/** The current password, counted like a sign-in so a stolen token cannot guess it either. */
async function checkCurrentPassword(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRow,
  currentPassword: string | undefined,
) {
  if (!currentPassword)
    throw new HttpError(400, MSG.currentPasswordRequired, {
      errors: { current_password: MSG.currentPasswordRequired },
    });
  const answer = await countAttempt(ctx.db, LOGIN_PER_ACCOUNT, user.email);
  if (!answer.allowed) {
    reply.header('retry-after', String(answer.retryAfterSeconds));
    throw new HttpError(429, MSG.tooManyLogins);
  }
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw new HttpError(400, MSG.currentPasswordWrong, {
      errors: { current_password: MSG.currentPasswordWrong },
    });
  await clearAttempts(ctx.db, LOGIN_PER_ACCOUNT, user.email);
}

function operatorFields(changes: AdminUserUpdate) {
  return {
    role: changes.role,
    blastFee: changes.blast_fee,
    blastIntervalMin: changes.blast_interval_min,
    blastIntervalMax: changes.blast_interval_max,
  };
}
