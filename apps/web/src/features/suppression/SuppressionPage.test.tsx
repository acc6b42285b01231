import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, type SuppressionRow } from '@blaster/contract';
import { aUser } from '../../test/users';
import { SuppressionPage } from './SuppressionPage';

const ROWS: SuppressionRow[] = [
  { number: '6281234567890', reason: 'reply', note: null, created_at: '2026-11-20T08:00:00.000Z' },
  {
    number: '6281298765432',
    reason: 'manual',
    note: 'minta berhenti',
    created_at: '2026-11-21T08:00:00.000Z',
  },
];
const listCalls: URLSearchParams[] = [];
const fetch = vi.fn(async (url: string) => {
  if (!url.startsWith(ENDPOINTS.suppressionPerPage.path)) return new Response('{}');
  listCalls.push(new URL(url, 'http://panel').searchParams);
  return new Response(
    JSON.stringify({ data: ROWS, meta: { page: 1, totalPages: 1, total: 2, totalCapped: false } }),
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

describe('the suppression list', () => {
  it('is sorted on the server by the number, reason or date header clicked, keeping the search', async () => {
    const router = createMemoryRouter([{ path: '/suppression', element: <SuppressionPage /> }], {
      initialEntries: ['/suppression?s=0812'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByText('6281234567890');
    for (const [header, key] of [
      [/Phone Number/, 'number'],
      [/Alasan/, 'reason'],
      [/Sejak/, 'created'],
    ] as const) {
      const cell = screen.getByRole('columnheader', { name: header });
      fireEvent.click(within(cell).getByRole('button'));
      await waitFor(() => expect(listCalls.at(-1)?.get('sort')).toBe(key));
      expect(listCalls.at(-1)?.get('search')).toBe('0812');
      expect(cell.getAttribute('aria-sort')).toBe('ascending');
    }
    expect(router.state.location.search).toContain('sort=created');
  });
});
