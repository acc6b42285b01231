import { userSchema, type User } from '@blaster/contract';

/** The user cookie checked against the contract's schema (loaded apart: it brings zod with it). */
export function parseStoredUser(raw: string): User | null {
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
