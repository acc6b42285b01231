import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RealtimeEvent } from '@blaster/contract';
import { aUser } from '../../test/users';
import { realtimeHandlers as handlers } from '../../test/fake-realtime';

vi.mock('../../lib/realtime', () => import('../../test/fake-realtime'));

const { useLiveLookupStats } = await import('./use-live-lookups');

afterEach(() => vi.useRealTimers());

describe("a generator's chart", () => {
  it('is fetched again while the job runs, once per burst of its results', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const refetched = vi.spyOn(client, 'invalidateQueries');
    renderHook(() => useLiveLookupStats('generator', aUser({ id: 7, role: 'admin' })), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    const progress = {
      event: 'progress',
      payload: { generator: { id: 1, progress: 12.5 } },
    } as unknown as RealtimeEvent;
    const emit = handlers.get('admin')!;
    for (let i = 0; i < 50; i += 1) emit(progress);
    vi.advanceTimersByTime(2_000);
    expect(refetched.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['lookup', 'generator', 'stats'],
    ]);
    emit({ event: 'progress', payload: { validator: { id: 2 } } } as unknown as RealtimeEvent);
    vi.advanceTimersByTime(2_000);
    expect(refetched).toHaveBeenCalledTimes(1);
  });
});
