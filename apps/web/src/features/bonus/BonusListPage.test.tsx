import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, type BonusRow, type Role } from '@blaster/contract';
import { aUser } from '../../test/users';
import { BonusListPage } from './BonusListPage';

const bonus = (id: number, reason: string): BonusRow => ({
  id,
  nominal: 10000 * id,
  reason,
  createdAt: '2026-11-01T08:00:00.000Z',
  userId: 9,
  adminId: 1,
  User: { firstname: 'Rina', lastname: 'Wulandari' },
});
const ROWS = [bonus(2, 'Hadiah Lebaran'), bonus(1, 'Juara 1')];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetch = vi.fn(async (url: string) => {
  if (!url.startsWith(ENDPOINTS.bonusPerPage.path)) return json({ totalBonus: 30000 });
  const search = new URL(url, 'http://panel').searchParams.get('search')?.toLowerCase() ?? '';
  const data = ROWS.filter((row) => row.reason.toLowerCase().includes(search));
  return json({ data, meta: { page: 1, totalPages: 1, total: data.length, totalCapped: false } });
});
const lastRead = () =>
  new URL(
    fetch.mock.calls.map(([url]) => url).findLast((url) => url.startsWith(ENDPOINTS.bonusPerPage.path))!,
    'http://panel',
  ).searchParams;

function openList(role: Role, address: string) {
  Cookies.set('user', JSON.stringify(aUser({ role })));
  const router = createMemoryRouter([{ path: '/bonus', element: <BonusListPage /> }], {
    initialEntries: [address],
  });
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

describe('the bonus list', () => {
  it('sends what is typed as the search once typing pauses, from page 1, keeping the sort', async () => {
    const router = openList('admin', '/bonus?page=2&sort=nominal&dir=desc');
    await screen.findByText('Juara 1');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari Bonus' }), { target: { value: 'lebaran' } });
    await waitFor(() => expect(lastRead().get('search')).toBe('lebaran'));
    expect([lastRead().get('page'), lastRead().get('sort'), lastRead().get('dir')]).toEqual([
      '1',
      'nominal',
      'desc',
    ]);
    expect(router.state.location.search).toContain('s=lebaran');
    await waitFor(() => expect(screen.queryByText('Juara 1')).toBeNull());
    expect(screen.getByText('Hadiah Lebaran')).toBeTruthy();
  });

  it('offers a member the search box over their own bonuses, kept in the address', async () => {
    openList('member', '/bonus?s=juara');
    await screen.findByText('Juara 1');
    expect((screen.getByRole('searchbox', { name: 'Cari Bonus' }) as HTMLInputElement).value).toBe('juara');
    expect(lastRead().get('search')).toBe('juara');
    expect(screen.queryByText('Hadiah Lebaran')).toBeNull();
  });
});
