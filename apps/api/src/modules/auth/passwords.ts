import { randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { passwordHashingFromEnv } from '../../config';

// Read once from the process's settings: the seed hashes the first admin before any app exists.
const cost = passwordHashingFromEnv(process.env);

/** A new hash at the configured cost; hashes made at another cost keep verifying (they carry theirs). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// No look-alike characters (0/O, 1/I/L) so codes survive being read aloud or retyped.
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newReferralCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}
