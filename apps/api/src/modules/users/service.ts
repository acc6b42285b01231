import type { User } from '@blaster/contract';
import type { Db } from '../../db';
import type { users } from '../../db/schema';
import { blastFee, loadLevelTable, type LevelTable } from '../../domain/levels';

export type UserRow = typeof users.$inferSelect;

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

export async function presentUsers(db: Db, rows: UserRow[]): Promise<User[]> {
  const levels = await loadLevelTable(db);
  return rows.map((row) => presentUser(row, levels, row.successBlasts));
}

export async function presentOne(db: Db, row: UserRow): Promise<User> {
  const [user] = await presentUsers(db, [row]);
  return user!;
}

/** The fee a member earns per successful blast: their override, else their level's fee. */
export async function blastFeeOf(db: Db, row: UserRow): Promise<number> {
  return blastFee(await loadLevelTable(db), row.blastFee, row.successBlasts);
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
