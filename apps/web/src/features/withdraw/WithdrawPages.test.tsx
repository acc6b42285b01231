import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, UI_PANEL, type Role, type WithdrawRow } from '@blaster/contract';
import { aUser } from '../../test/users';

vi.mock('../../lib/realtime', () => ({ subscribe: () => () => {} }));
const { WithdrawRequestsPage } = await import('./WithdrawRequestsPage');
const { WithdrawPage } = await import('./WithdrawPage');

const withdrawal = (id: number, nominal: number): WithdrawRow => ({
  id,
  nominal,
  status: 'requested',
  createdAt: '2026-11-01T08:00:00.000Z',
  userId: 9,
  User: {
    firstname: 'Rina',
    lastname: 'Wulandari',
    account_bank: null,
    account_number: null,
    account_name: null,
  },
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetch = vi.fn(async (url: string) =>
  url.startsWith(ENDPOINTS.withdrawHistoriesPerPage.path)
    ? json({
        data: [withdrawal(2, 75000), withdrawal(1, 50000)],
        meta: { page: 1, totalPages: 1, total: 2, totalCapped: false },
      })
    : // The member's own record, as the page reads it fresh; the figures' answers do not matter here.
      json({ user: aUser({ id: 9 }) }),
);
const lastRead = () =>
  new URL(
    fetch.mock.calls
      .map(([url]) => url)
      .findLast((url) => url.startsWith(ENDPOINTS.withdrawHistoriesPerPage.path))!,
    'http://panel',
  ).searchParams;

function open(role: Role, path: string, address: string, element: React.ReactNode) {
  Cookies.set('user', JSON.stringify(aUser({ id: 9, role })));
  const router = createMemoryRouter([{ path, element }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

const SEARCH = UI_PANEL['withdraw.search'];

describe('the withdraw requests', () => {
  it('search by what is typed together with the status filter and the sort, from page 1', async () => {
    const router = open(
      'staff',
      '/withdraw/requested',
      '/withdraw/requested?page=3&status=requested&sort=nominal&dir=desc',
      <WithdrawRequestsPage />,
    );
    await screen.findByText('Rp 50.000');
    fireEvent.change(screen.getByRole('searchbox', { name: SEARCH }), { target: { value: 'rina' } });
    await waitFor(() => expect(lastRead().get('search')).toBe('rina'));
    expect(['page', 'status', 'sort', 'dir'].map((key) => lastRead().get(key))).toEqual([
      '1',
      'requested',
      'nominal',
      'desc',
    ]);
    // Another status keeps the search.
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter Status' }), {
      target: { value: 'accepted' },
    });
    await waitFor(() => expect(lastRead().get('status')).toBe('accepted'));
    expect(lastRead().get('search')).toBe('rina');
    expect(router.state.location.search).toContain('s=rina');
  });
});

describe("a member's withdraw history", () => {
  it('is searched on the server, kept in the address', async () => {
    open('member', '/withdraw', '/withdraw?s=50000', <WithdrawPage />);
    expect(((await screen.findByRole('searchbox', { name: SEARCH })) as HTMLInputElement).value).toBe(
      '50000',
    );
    await waitFor(() => expect(lastRead().get('search')).toBe('50000'));
    expect(lastRead().get('user_id')).toBe('9');
  });
});
