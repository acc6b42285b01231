import type { User } from '@blaster/contract';

/** A signed-in user as the panel stores it, for unit tests; fields can be overridden. */
export const aUser = (overrides: Partial<User> = {}): User => ({
  id: 7,
  firstname: 'Sari',
  lastname: 'Dewi',
  email: 'sari@example.test',
  role: 'member',
  level: null,
  color: null,
  referral_code: 'AB12CD34',
  referred_by: null,
  account_name: null,
  account_bank: null,
  account_number: null,
  blast_fee: null,
  blast_interval_min: null,
  blast_interval_max: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
