import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  REALTIME_CHANNEL_CLIENT_ADMIN,
  type PhoneNumberWithConsentRow,
  type RealtimeEvent,
} from '@blaster/contract';
import { realtimeHandlers as handlers } from '../../test/fake-realtime';

vi.mock('../../lib/realtime', () => import('../../test/fake-realtime'));

const { useLiveCounts } = await import('./use-live-counts');

type Row = Pick<PhoneNumberWithConsentRow, 'id' | 'count_success'>;
const counted = (receiverId: number, count_success: number) =>
  ({
    event: 'count_success',
    payload: { receiverId, id: receiverId, count_success, count_fail: 0, in_use: 0 },
  }) as unknown as RealtimeEvent;
const emit = (message: RealtimeEvent) => act(() => handlers.get(REALTIME_CHANNEL_CLIENT_ADMIN)!(message));

describe("the phone list's live counts", () => {
  it('read the page again when a shown number is sent to while a read is on its way, and not for other numbers', () => {
    const refetch = vi.fn();
    const shown: Row[] = [{ id: 4, count_success: 0 }];
    const { result, rerender } = renderHook(
      ({ rows, fetching }: { rows: Row[]; fetching: boolean }) => useLiveCounts({ rows, fetching, refetch }),
      { initialProps: { rows: shown, fetching: false } },
    );
    emit(counted(4, 1));
    expect(result.current.live[4]?.count_success).toBe(1);

    rerender({ rows: shown, fetching: true });
    emit(counted(99, 1));
    emit(counted(4, 2));
    // The read left before the second send: its rows replace what the event said.
    const older = [{ id: 4, count_success: 1 }];
    rerender({ rows: older, fetching: false });
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender({ rows: [{ id: 4, count_success: 2 }], fetching: false });
    expect(refetch).toHaveBeenCalledTimes(1);

    rerender({ rows: [{ id: 4, count_success: 2 }], fetching: true });
    emit(counted(99, 2));
    rerender({ rows: [{ id: 4, count_success: 2 }], fetching: false });
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
