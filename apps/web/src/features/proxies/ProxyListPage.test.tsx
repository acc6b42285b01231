import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, MESSAGE_TEXT as MSG, type ProxyRow } from '@blaster/contract';
import { aUser } from '../../test/users';
import { ProxyListPage } from './ProxyPages';

const proxy = (id: number, status: string): ProxyRow => ({
  id,
  value: `http://10.0.0.${id}:3128`,
  status,
  count_use: 0,
});
const ROWS = [proxy(3, 'in use'), proxy(2, 'active'), proxy(1, 'nonactive')];

const listCalls: URLSearchParams[] = [];
const fetch = vi.fn(async (url: string) => {
  if (!url.startsWith(ENDPOINTS.proxyPerPage.path)) return new Response('{}');
  const query = new URL(url, 'http://panel').searchParams;
  listCalls.push(query);
  const status = query.get('status');
  const data = ROWS.filter((row) => !status || row.status === status);
  return new Response(
    JSON.stringify({ data, meta: { page: 1, totalPages: 1, total: data.length, totalCapped: false } }),
  );
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  listCalls.length = 0;
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function openList(address: string) {
  const router = createMemoryRouter([{ path: '/proxy', element: <ProxyListPage /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the proxy list', () => {
  it('asks the server for the status chosen, from page 1, and keeps it in the address', async () => {
    const router = openList('/proxy?page=3');
    await screen.findByText('http://10.0.0.3:3128');
    fireEvent.change(screen.getByRole('combobox', { name: MSG.filterStatus }), {
      target: { value: 'in use' },
    });
    await waitFor(() => expect(screen.queryByText('http://10.0.0.2:3128')).toBeNull());
    expect(screen.getByText('http://10.0.0.3:3128')).toBeTruthy();
    const asked = listCalls.at(-1)!;
    expect([asked.get('status'), asked.get('page')]).toEqual(['in use', '1']);
    expect(router.state.location.search).toBe('?page=1&status=in+use');
  });
});

describe('searching and sorting the proxy list', () => {
  it('asks the server for the text typed once typing pauses, from page 1, keeping the status and sort', async () => {
    const router = openList('/proxy?page=2&status=active&sort=value&dir=desc');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Cari Proxy' }), {
      target: { value: 'user_1' },
    });
    await waitFor(() => expect(listCalls.at(-1)?.get('search')).toBe('user_1'));
    const asked = listCalls.at(-1)!;
    expect([asked.get('page'), asked.get('status'), asked.get('sort'), asked.get('dir')]).toEqual([
      '1',
      'active',
      'value',
      'desc',
    ]);
    expect(new URLSearchParams(router.state.location.search).get('s')).toBe('user_1');
  });

  it('is sorted on the server by the proxy or status header clicked', async () => {
    openList('/proxy');
    const value = await screen.findByRole('columnheader', { name: /Proxy/ });
    fireEvent.click(within(value).getByRole('button'));
    await waitFor(() => expect(listCalls.at(-1)?.get('sort')).toBe('value'));
    expect(value.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Status/ })).getByRole('button'));
    await waitFor(() => expect(listCalls.at(-1)?.get('sort')).toBe('status'));
  });
});
