import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { LEAST_PASSWORD_HASHING_COST, passwordHashingFromEnv } from '../src/config';
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords';

describe('password hashing cost', () => {
  it("is argon2id at argon2's defaults unless the operator sets another", () => {
    expect(passwordHashingFromEnv({})).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
  });

  it('never goes below the cheapest cost still recommended, whatever is set', () => {
    const weak = { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1', PASSWORD_HASH_LANES: '0' };
    expect(passwordHashingFromEnv(weak)).toEqual(LEAST_PASSWORD_HASHING_COST);
  });

  it('hashes at the configured cost, and a hash made at another cost still verifies', async () => {
    // The test run sets the cheapest cost (vitest.config.ts): the hash says which it was made with.
    const hash = await hashPassword('rahasia-123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'rahasia-123')).toBe(true);
    expect(await verifyPassword(hash, 'rahasia-124')).toBe(false);
    // A password saved before the cost changed (argon2's default cost) still signs in.
    const saved = await argon2.hash('rahasia-123', { type: argon2.argon2id });
    expect(await verifyPassword(saved, 'rahasia-123')).toBe(true);
  });
});
