import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, type Level } from '@blaster/contract';
import { aUser } from '../../test/users';
import { LevelListPage } from './LevelListPage';

const LEVELS: Level[] = [
  { id: 1, name: 'Bronze', blast_fee: 100, requirement_blast: 0, color: 'red' },
  { id: 2, name: 'Gold', blast_fee: 300, requirement_blast: 1000, color: 'green' },
];
const listCalls: URLSearchParams[] = [];
const fetch = vi.fn(async (url: string) => {
  if (!url.startsWith(ENDPOINTS.levelPerPage.path)) return new Response('{}');
  listCalls.push(new URL(url, 'http://panel').searchParams);
  return new Response(
    JSON.stringify({ data: LEVELS, meta: { page: 1, totalPages: 1, total: 2, totalCapped: false } }),
  );
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  listCalls.length = 0;
  localStorage.clear();
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function openList(address: string) {
  const router = createMemoryRouter([{ path: '/level', element: <LevelListPage /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the level list', () => {
  it('asks the server for the name typed once typing pauses, from page 1, and keeps it in the address', async () => {
    const router = openList('/level?page=2');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Cari Level' }), {
      target: { value: 'gold' },
    });
    await waitFor(() => expect(listCalls.at(-1)?.get('search')).toBe('gold'));
    expect(listCalls.at(-1)?.get('page')).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('s')).toBe('gold');
  });

  it('is sorted on the server by the name, fee or required blasts header clicked', async () => {
    openList('/level');
    await screen.findByText('Gold');
    for (const [header, key] of [
      [/Nama/, 'name'],
      [/Blast Fee/, 'blast_fee'],
      [/Minimal Blast/, 'requirement_blast'],
    ] as const) {
      const cell = screen.getByRole('columnheader', { name: header });
      fireEvent.click(within(cell).getByRole('button'));
      await waitFor(() => expect(listCalls.at(-1)?.get('sort')).toBe(key));
      expect(cell.getAttribute('aria-sort')).toBe('ascending');
    }
  });
});
