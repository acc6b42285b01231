import {
  MSG,
  selfUpdateSchema,
  type AdminUserUpdate,
  type MemberRow,
  type User,
  type UserCreate,
} from '@blaster/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { blastFee, type LevelTable } from '../../domain/levels';
import { HttpError, unlessTaken } from '../../lib/errors';
import { listOwner, type PageRequest } from '../../lib/paging';
import { isOperator, type AuthUser } from '../../lib/routes';
import { dropStaleAdminCredentials } from '../auth/admin-credentials';
import { LOGIN_PER_ACCOUNT, clearAttempts, countAttempt, refuseWhenLimited } from '../auth/attempts';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { accountRepository } from '../auth/repository';
import { uniqueReferralCode } from '../auth/service';
import { recordAudit } from '../audit/service';
import {
  userRepository as users,
  type MemberFilter,
  type ReferralFilter,
  type StaffSort,
  type UserChanges,
  type UserRecord,
} from './repository';

export type UserRow = UserRecord;

export function presentUser(row: UserRow, levels: LevelTable, successCount: number): User {
  const { level, color } = levels.levelFor(successCount);
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    level: level?.name ?? null,
    color,
    referral_code: row.referralCode,
    referred_by: row.referredBy,
    account_name: row.accountName,
    account_bank: row.accountBank,
    account_number: row.accountNumber,
    blast_fee: row.blastFee,
    blast_interval_min: row.blastIntervalMin,
    blast_interval_max: row.blastIntervalMax,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function presentUsers(ctx: AppContext, rows: UserRow[]): Promise<User[]> {
  // Held in memory (ctx.levels): a page of users costs no statement for them.
  const levels = await ctx.levels.get();
  return rows.map((row) => presentUser(row, levels, row.successBlasts));
}

export async function presentOne(ctx: AppContext, row: UserRow): Promise<User> {
  const [user] = await presentUsers(ctx, [row]);
  return user!;
}

/**
 * The fields of a user the audit trail compares, named as the API names them. The password hash is
 * never among them: a new password shows as `password_changed: true`.
 */
export function auditedUser(row: UserRow, passwordChanged = false) {
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    blast_fee: row.blastFee,
    blast_interval_min: row.blastIntervalMin,
    blast_interval_max: row.blastIntervalMax,
    account_name: row.accountName,
    account_bank: row.accountBank,
    account_number: row.accountNumber,
    ...(passwordChanged ? { password_changed: true } : {}),
  };
}

const emailTaken = () => new HttpError(400, MSG.emailTaken, { errors: { email: MSG.emailTaken } });

export async function findUser(db: Db, id: number): Promise<UserRow> {
  const row = await users.byId(db, id);
  if (!row) throw new HttpError(404, MSG.userNotFound);
  return row;
}

/** The fee a member earns per successful blast: their override, else their level's fee. */
export async function blastFeeOf(ctx: AppContext, id: number): Promise<number> {
  const row = await findUser(ctx.db, id);
  return blastFee(await ctx.levels.get(), row.blastFee, row.successBlasts);
}

export const allMembers = async (ctx: AppContext) => presentUsers(ctx, await users.members(ctx.db));
export const staffAccounts = async (ctx: AppContext, sort: StaffSort) =>
  presentUsers(ctx, await users.staff(ctx.db, sort));
export const connectedMemberCount = (db: Db) => users.connectedMemberCount(db);

export async function memberPage(ctx: AppContext, filter: MemberFilter, request: PageRequest) {
  const { rows, meta } = await users.memberPage(ctx.db, filter, request);
  const presented = await presentUsers(
    ctx,
    rows.map((row) => row.user),
  );
  const data: MemberRow[] = presented.map((user, i) => ({
    ...user,
    income: Number(rows[i]!.income),
    whatsapps: Number(rows[i]!.whatsapps),
  }));
  return { data, meta };
}

/** The members a user referred (operators: whoever they name), and all the user earned from referrals. */
export async function referralPage(
  db: Db,
  actor: AuthUser,
  named: number | '' | 'null' | undefined,
  request: PageRequest & ReferralFilter,
) {
  const referrer = listOwner(actor, named) ?? actor.id;
  const { rows, meta } = await users.referralPage(db, referrer, request);
  const data = rows.map((row) => ({ ...row, income: Number(row.income) }));
  return { data, list: data, total: await users.referralIncome(db, referrer), meta };
}

/** A staff, dev or admin account; admin is granted by admins only, at creation as on any later change. */
export async function createStaffUser(ctx: AppContext, actor: AuthUser, body: UserCreate): Promise<User> {
  if (body.role === 'admin' && actor.role !== 'admin') throw new HttpError(403, MSG.forbidden);
  const passwordHash = await hashPassword(body.password);
  const referralCode = await uniqueReferralCode(ctx.db);
  const created = await ctx.db.transaction(async (tx) => {
    const row = await accountRepository.insert(tx, {
      firstname: body.firstname,
      lastname: body.lastname,
      email: body.email,
      passwordHash,
      role: body.role,
      referralCode,
    });
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
  return presentOne(ctx, created);
}

/** One user's change as the rules see it: who asks, what changes, and what that implies. */
interface UserChange {
  actor: AuthUser;
  target: UserRow;
  changes: AdminUserUpdate;
  operator: boolean;
  self: boolean;
  email: string | undefined;
  emailChanges: boolean;
  roleChanges: boolean;
}

function describeChange(actor: AuthUser, target: UserRow, body: AdminUserUpdate): UserChange {
  const operator = isOperator(actor);
  // Only operators may change roles, fees and intervals; anyone else's extra fields are dropped.
  const changes: AdminUserUpdate = operator
    ? body
    : Object.fromEntries(Object.entries(body).filter(([key]) => key in selfUpdateSchema.shape));
  const email = changes.email?.toLowerCase();
  return {
    actor,
    target,
    changes,
    operator,
    self: actor.id === target.id,
    email,
    emailChanges: email !== undefined && email !== target.email,
    roleChanges: operator && changes.role !== undefined && changes.role !== target.role,
  };
}

/**
 * Nobody raises (or lowers) their own role; admin is granted and taken by admins only; a dev cannot
 * take an admin's account over through its password or e-mail.
 */
function checkAllowed({ actor, target, changes, self, emailChanges, roleChanges }: UserChange) {
  if (roleChanges && self) throw new HttpError(403, MSG.forbidden);
  if (roleChanges && (changes.role === 'admin' || target.role === 'admin') && actor.role !== 'admin')
    throw new HttpError(403, MSG.forbidden);
  if (target.role === 'admin' && actor.role !== 'admin' && (changes.password || emailChanges))
    throw new HttpError(403, MSG.forbidden);
}

/** The current password, counted like a sign-in so a stolen token cannot guess it either. */
async function checkCurrentPassword(db: Db, user: UserRow, currentPassword: string | undefined) {
  if (!currentPassword)
    throw new HttpError(400, MSG.currentPasswordRequired, {
      errors: { current_password: MSG.currentPasswordRequired },
    });
  refuseWhenLimited(await countAttempt(db, LOGIN_PER_ACCOUNT, user.email), MSG.tooManyLogins);
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw new HttpError(400, MSG.currentPasswordWrong, {
      errors: { current_password: MSG.currentPasswordWrong },
    });
  await clearAttempts(db, LOGIN_PER_ACCOUNT, user.email);
}

const revokesSessions = (change: UserChange) => Boolean(change.changes.password) || change.roleChanges;

async function columnChanges(change: UserChange): Promise<UserChanges> {
  const { changes, operator } = change;
  const values: UserChanges = {
    firstname: changes.firstname,
    lastname: changes.lastname,
    email: change.email,
    passwordHash: changes.password ? await hashPassword(changes.password) : undefined,
    accountName: changes.account_name,
    accountBank: changes.account_bank,
    accountNumber: changes.account_number,
    ...(operator
      ? {
          role: changes.role,
          blastFee: changes.blast_fee,
          blastIntervalMin: changes.blast_interval_min,
          blastIntervalMax: changes.blast_interval_max,
        }
      : {}),
    // A new password or role ends the user's other sessions (tokens and sockets).
    tokenVersion: revokesSessions(change) ? users.nextTokenVersion() : undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** Writes the change with its audit entry; the unique index on e-mail refuses another user's address. */
function storeChange(ctx: AppContext, { actor, target }: UserChange, values: UserChanges) {
  return unlessTaken(
    ctx.db.transaction(async (tx) => {
      const current = await users.lockForUpdate(tx, target.id);
      const updated = await users.update(tx, target.id, values);
      await recordAudit(tx, ctx, {
        actor,
        action: 'user.update',
        target: { type: 'user', id: target.id },
        before: auditedUser(current!),
        after: auditedUser(updated, values.passwordHash !== undefined),
      });
      return updated;
    }),
    emailTaken,
  );
}

/** The changed user and, when the caller changed their own password or role, their fresh token. */
export async function updateUser(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  body: AdminUserUpdate,
): Promise<{ user: User; token?: string }> {
  const change = describeChange(actor, await findUser(ctx.db, id), body);
  checkAllowed(change);
  // A token alone (a borrowed browser, a leaked token) does not get to lock the owner out.
  if (change.self && (change.changes.password || change.emailChanges))
    await checkCurrentPassword(ctx.db, change.target, change.changes.current_password);
  const values = await columnChanges(change);
  if (Object.keys(values).length === 0) return { user: await presentOne(ctx, change.target) };
  const updated = await storeChange(ctx, change, values);
  if (revokesSessions(change)) ctx.access.changed(updated.id);
  if (change.changes.password || change.emailChanges) await dropStaleAdminCredentials(ctx.db, ctx.config);
  const user = await presentOne(ctx, updated);
  if (!(revokesSessions(change) && change.self)) return { user };
  return { user, token: await ctx.tokens.sign(updated.id, updated.tokenVersion) };
}
