import type { WhatsappRow } from '@blaster/contract';

/** A connected, idle chat account as the list answers it, for unit tests; fields can be overridden. */
export const anAccount = (overrides: Partial<WhatsappRow> = {}): WhatsappRow => ({
  id: 3,
  user_id: 1,
  clientid: 'id-1795000000000-42',
  phonenumber: '6281234567890',
  pushname: null,
  server: null,
  serialized: null,
  state: 'connected',
  status: 'idle',
  count_success: 0,
  count_fail: 0,
  income: 0,
  suspended: false,
  suspended_count: 0,
  proxyId: null,
  ...overrides,
});
