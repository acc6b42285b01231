import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, UI_PANEL, type ReferralRow } from '@blaster/contract';
import { aUser } from '../../test/users';
import { ReferralListPage } from './ReferralListPage';

const ROWS: ReferralRow[] = [
  { id: 3, firstname: 'Agus', lastname: 'Salim', email: 'agus@contoh.test', income: 1500 },
  { id: 4, firstname: 'Bella', lastname: 'Putri', email: 'bella@contoh.test', income: 500 },
];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetch = vi.fn(async (url: string) => {
  const search = new URL(url, 'http://panel').searchParams.get('search')?.toLowerCase() ?? '';
  const data = ROWS.filter((row) =>
    `${row.firstname} ${row.lastname} ${row.email}`.toLowerCase().includes(search),
  );
  // The total is everything the referrer earned, whatever the search.
  return json({ data, list: data, total: 2000, meta: { page: 1, totalPages: 1, total: data.length } });
});
const lastRead = () =>
  new URL(
    fetch.mock.calls.map(([url]) => url).findLast((url) => url.startsWith(ENDPOINTS.referralPerPage.path))!,
    'http://panel',
  ).searchParams;

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  localStorage.clear();
  Cookies.set('user', JSON.stringify(aUser()));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function openList(address = '/referral') {
  const router = createMemoryRouter([{ path: '/referral', element: <ReferralListPage /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the referral list', () => {
  it('is sorted on the server by name, e-mail or income, from the headers', async () => {
    const router = openList();
    const from = await screen.findByRole('columnheader', { name: /Dari/ });
    fireEvent.click(within(from).getByRole('button', { name: /Dari/ }));
    await waitFor(() => expect(lastRead().get('sort')).toBe('name'));
    // The column shows the e-mail under the name: its header sorts by either.
    fireEvent.click(within(from).getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(lastRead().get('sort')).toBe('email'));
    expect(from.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Nominal/ })).getByRole('button'));
    await waitFor(() => expect(lastRead().get('sort')).toBe('income'));
    expect(router.state.location.search).toContain('sort=income');
  });

  it('searches names and e-mail once typing pauses, and keeps the whole total', async () => {
    const router = openList('/referral?page=2&sort=income&dir=desc');
    await screen.findByText('Bella Putri');
    fireEvent.change(screen.getByRole('searchbox', { name: UI_PANEL['referral.search'] }), {
      target: { value: 'agus' },
    });
    await waitFor(() => expect(lastRead().get('search')).toBe('agus'));
    expect(['page', 'sort', 'dir'].map((key) => lastRead().get(key))).toEqual(['1', 'income', 'desc']);
    expect(router.state.location.search).toContain('s=agus');
    await waitFor(() => expect(screen.queryByText('Bella Putri')).toBeNull());
    expect(screen.getByTestId('referral-total').textContent).toContain('2.000');
  });
});
