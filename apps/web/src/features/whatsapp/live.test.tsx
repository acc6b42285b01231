import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { RealtimeEvent, WhatsappRow } from '@blaster/contract';
import { anAccount } from '../../test/accounts';
import { realtimeHandlers as handlers } from '../../test/fake-realtime';

vi.mock('../../lib/realtime', () => import('../../test/fake-realtime'));

const { useLiveAccounts } = await import('./live');

const loggedOut = (clientid: string) =>
  ({ event: 'connection.update', payload: { deviceId: clientid, state: 'loggedOut' } }) as RealtimeEvent;

describe('the live account list', () => {
  it('reads its rows again when an event is heard while a read is on its way, so an older read cannot undo it', () => {
    const refetch = vi.fn();
    const account = anAccount({ id: 6, clientid: 'device-6', state: 'open' });
    const { result, rerender } = renderHook(
      ({ rows, fetching }: { rows: WhatsappRow[] | undefined; fetching: boolean }) =>
        useLiveAccounts(rows, '9', refetch, fetching),
      { initialProps: { rows: [] as WhatsappRow[] | undefined, fetching: true } },
    );
    // The read left before the account was logged out; its event arrives first.
    act(() => handlers.get('9')!(loggedOut('device-6')));
    expect(refetch).not.toHaveBeenCalled();
    rerender({ rows: [account], fetching: false });
    expect(result.current.rows[0]?.state).toBe('open');
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender({ rows: [{ ...account, state: 'loggedOut' }], fetching: false });
    expect(result.current.rows[0]?.state).toBe('loggedOut');
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('applies an event heard between reads at once, without reading again', () => {
    const refetch = vi.fn();
    const account = anAccount({ id: 6, clientid: 'device-6', state: 'open' });
    const rows = [account];
    const { result } = renderHook(() => useLiveAccounts(rows, '9', refetch, false));
    act(() => handlers.get('9')!(loggedOut('device-6')));
    expect(result.current.rows[0]?.state).toBe('loggedOut');
    expect(refetch).not.toHaveBeenCalled();
  });

  it('does not read again for a count a read may hide, since the next send carries the count again', () => {
    const refetch = vi.fn();
    const { rerender } = renderHook(
      ({ fetching }: { fetching: boolean }) => useLiveAccounts(undefined, '9', refetch, fetching),
      { initialProps: { fetching: true } },
    );
    act(() =>
      handlers.get('9')!({
        event: 'count_success',
        sender: { id: 6 },
        payload: { count_success: 3, count_fail: 0, income: 300 },
      } as unknown as RealtimeEvent),
    );
    rerender({ fetching: false });
    expect(refetch).not.toHaveBeenCalled();
  });
});
