import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_BANK_NAMES,
  DEFAULT_COLORS,
  DEFAULT_INTERVAL_MAX,
  DEFAULT_INTERVAL_MIN,
  DEFAULT_PRICE,
  DEFAULT_REFERRAL_PERCENT,
} from '@blaster/contract';
import type { Db } from './index';
import { appMeta, levels, settings, users } from './schema';
import { hashPassword, newReferralCode, verifyPassword } from '../modules/auth/passwords';

export const DEFAULT_INFO =
  'Selamat datang di Blaster Panel! Sambungkan akun Whatsapp Anda, mulai blast, dan pantau pendapatan Anda di sini.';

/** The levels a fresh installation starts with (admins edit them under /level). */
export const DEFAULT_LEVELS = [
  { name: 'Bronze', blastFee: 100, requirementBlast: 0 },
  { name: 'Silver', blastFee: 125, requirementBlast: 1_000 },
  { name: 'Gold', blastFee: 150, requirementBlast: 5_000 },
];

export interface SeedResult {
  adminEmail: string;
  /** Set only when the password was generated in this run: shown once, never a given one. */
  generatedPassword: string | undefined;
  adminCreated: boolean;
}

/** Idempotent: fills what a fresh database lacks, never overwrites what admins changed. */
export async function seed(db: Db, admin: { email: string; password?: string }): Promise<SeedResult> {
  await db
    .insert(settings)
    .values({
      id: 1,
      intervalMin: DEFAULT_INTERVAL_MIN,
      intervalMax: DEFAULT_INTERVAL_MAX,
      price: DEFAULT_PRICE,
      bankNames: DEFAULT_BANK_NAMES,
      colors: DEFAULT_COLORS,
      referralPercent: DEFAULT_REFERRAL_PERCENT,
      info: DEFAULT_INFO,
    })
    .onConflictDoNothing();

  const existingLevels = await db.select({ id: levels.id }).from(levels).limit(1);
  if (existingLevels.length === 0) await db.insert(levels).values(DEFAULT_LEVELS);

  const email = admin.email.toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing) {
    // An operator who sets ADMIN_PASSWORD can always get back in. Unchanged, it changes nothing (no
    // new hash, nobody signed out); a different one replaces the password and ends the old sessions.
    const matches = admin.password && (await verifyPassword(existing.passwordHash, admin.password));
    if (admin.password && (!matches || existing.role !== 'admin')) {
      await db
        .update(users)
        .set({
          passwordHash: matches ? existing.passwordHash : await hashPassword(admin.password),
          role: 'admin',
          tokenVersion: sql`${users.tokenVersion} + 1`,
        })
        .where(eq(users.id, existing.id));
    }
    return { adminEmail: email, generatedPassword: undefined, adminCreated: false };
  }
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  await db.insert(users).values({
    firstname: 'Admin',
    lastname: 'Blaster',
    email,
    passwordHash: await hashPassword(admin.password ?? generatedPassword!),
    role: 'admin',
    referralCode: newReferralCode(),
  });
  return { adminEmail: email, generatedPassword, adminCreated: true };
}

/** The token signing secret: from the environment, else generated once and kept in the database. */
export async function signingSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const generated = randomBytes(32).toString('base64url');
  await db.insert(appMeta).values({ key: 'jwt_secret', value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, 'jwt_secret'));
  return row!.value;
}
