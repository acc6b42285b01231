import { describe, expect, expectTypeOf, it } from 'vitest';
import { REALTIME_EVENT_NAMES, type RealtimeEventName } from '../src';

describe('realtime events', () => {
  it('lists every event of the union once (the type check fails when one is missing)', () => {
    expectTypeOf<(typeof REALTIME_EVENT_NAMES)[number]>().toEqualTypeOf<RealtimeEventName>();
    expect(new Set(REALTIME_EVENT_NAMES).size).toBe(REALTIME_EVENT_NAMES.length);
  });

  it("names every live event of the specification's account list, lookups and phone numbers", () => {
    const specified = [
      // live events on the account list; connect flow
      'count_success',
      'count_fail',
      'count_synced',
      'sending',
      'stop',
      'idle',
      'finished',
      'error_blast',
      'connection.update',
      'suspended',
      'reconnecting',
      'attempting',
      'progressing',
      'waiting',
      'reset',
      'qr',
      'code',
      'authenticated',
      'unhandledRejection',
      'uncaughtException',
      'database_error',
      // generators, validators and phone numbers
      'generating',
      'update_target',
      'error_generate',
      'validating',
      'error_validate',
      'in_use',
    ];
    expect(REALTIME_EVENT_NAMES).toEqual(expect.arrayContaining(specified));
  });
});
