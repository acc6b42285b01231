import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { WithdrawRow } from '@blaster/contract';
import { realtimeHandlers as handlers } from '../../test/fake-realtime';

vi.mock('../../lib/realtime', () => import('../../test/fake-realtime'));
const shown = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast: shown }));

const { useLiveWithdrawals } = await import('./use-live-withdrawals');

describe("a member's open withdraw page", () => {
  it('hears the admin accept a request: a notice, and the balance and history fetched again', () => {
    const client = new QueryClient();
    const refetched = vi.spyOn(client, 'invalidateQueries');
    renderHook(() => useLiveWithdrawals(7), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    const withdraw = { id: 3, userId: 7, nominal: 50_000, status: 'accepted' } as unknown as WithdrawRow;
    handlers.get('7')!({ event: 'withdraw_updated', payload: { withdraw } });
    expect(shown.success).toHaveBeenCalledWith('Penarikan Rp 50.000 diterima.', { id: 'withdraw-3' });
    expect(refetched.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['withdraw', 'money'],
      ['withdraw', 'history'],
    ]);
  });
});
