import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { API, UI_PANEL, type LookupRow } from '@blaster/contract';
import { aUser } from '../../test/users';

vi.mock('../../lib/realtime', () => ({ subscribe: () => () => {} }));
// The chart reads its own figures; the list is what is tested here.
vi.mock('./LookupChart', () => ({ LookupChart: () => null }));
const { LookupListPage } = await import('./LookupListPage');

const job = (id: number): LookupRow => ({
  id,
  user_id: 7,
  whatsapp_id: 1,
  start_number: `62812000000${id}0`,
  end_number: `62812000000${id}9`,
  fileUrl: null,
  fileName: null,
  b_insert: 0,
  interval_min: 1,
  interval_max: 2,
  count_success: id * 3,
  count_fail: id,
  status: 'finished',
  state: 'connected',
  progress: 100,
  position: 10,
  total: 10,
  current_number: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  Whatsapp: { id: 1, pushname: 'Toko Sinar', phonenumber: '6281200000001', clientid: 'sinar' },
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const LIST = API.lookupPerPage('generator');
const fetch = vi.fn(async (url: string) =>
  url.startsWith(LIST)
    ? json({ data: [job(2), job(1)], meta: { page: 1, totalPages: 3, total: 30, totalCapped: false } })
    : json({}),
);
const lastRead = () =>
  new URL(
    fetch.mock.calls.map(([url]) => url).findLast((url) => url.startsWith(LIST))!,
    'http://panel',
  ).searchParams;

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  localStorage.clear();
  Cookies.set('user', JSON.stringify(aUser({ id: 7, role: 'staff' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

const sortBy = (header: string) =>
  fireEvent.click(within(screen.getByRole('columnheader', { name: new RegExp(header) })).getByRole('button'));

describe('the generator list', () => {
  it('is sorted on the server by counts, progress, target and date, with the search and page size', async () => {
    const router = createMemoryRouter(
      [{ path: '/generator/list', element: <LookupListPage kind="generator" /> }],
      { initialEntries: ['/generator/list?per_page=25&s=sinar'] },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findAllByText('Toko Sinar');
    for (const [header, key] of [
      [UI_PANEL['common.success'], 'success'],
      [UI_PANEL['common.failed'], 'failed'],
      [UI_PANEL['lookup.progress'], 'progress'],
      [UI_PANEL['lookup.range'], 'target'],
      [UI_PANEL['lookup.createdAt'], 'created'],
    ]) {
      sortBy(header!);
      await waitFor(() => expect(lastRead().get('sort')).toBe(key));
    }
    // A second click on the same header turns the order round.
    sortBy(UI_PANEL['lookup.createdAt']);
    await waitFor(() => expect(lastRead().get('dir')).toBe('desc'));
    expect(['per_page', 'search', 'user_id'].map((key) => lastRead().get(key))).toEqual(['25', 'sinar', '7']);
    expect(router.state.location.search).toContain('sort=created');
  });
});
