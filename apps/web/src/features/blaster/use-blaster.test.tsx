import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Cookies from 'js-cookie';
import { ALL_RECEIVERS, API } from '@blaster/contract';
import { anAccount } from '../../test/accounts';
import { aUser } from '../../test/users';
import { useBlaster } from './use-blaster';

const admin = aUser({ id: 1, role: 'admin' });
const account = anAccount({ pushname: 'Toko' });

const fetch = vi.fn(async (url: string) => {
  const body = url.startsWith(API.whatsappList)
    ? { list: [account] }
    : { msg: 'Pesan blaster berhasil dikirim ke target.' };
  return new Response(JSON.stringify(body), { status: 200 });
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  Cookies.set('user', JSON.stringify(admin));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

describe('the blaster', () => {
  it("names the sender by its number in the spec's payload", async () => {
    const { result } = renderHook(() => useBlaster(), { wrapper });
    await waitFor(() => expect(result.current.senders.data?.list).toHaveLength(1));
    act(() => {
      result.current.setSender(account.clientid);
      result.current.setMessage('Halo');
      result.current.setTargets([ALL_RECEIVERS]);
    });
    await act(() => result.current.submit(new Event('submit') as never));
    const call = fetch.mock.calls.find(([url]) => url === API.whatsappSendMessage) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(call[1].body))).toMatchObject({
      senders: '6281234567890',
      targets: ALL_RECEIVERS,
    });
  });
});
