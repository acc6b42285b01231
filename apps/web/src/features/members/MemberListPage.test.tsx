import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS } from '@blaster/contract';
import { aUser } from '../../test/users';
import { MemberListPage } from './MemberListPage';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetch = vi.fn(async (url: string) =>
  url.startsWith(ENDPOINTS.membersPerPage.path)
    ? json({
        data: [{ ...aUser({ id: 9 }), income: 0, whatsapps: 0 }],
        meta: { page: 1, totalPages: 3, total: 30, totalCapped: false },
      })
    : json({ list: [] }),
);
const lastRead = () =>
  new URL(
    fetch.mock.calls.map(([url]) => url).findLast((url) => url.startsWith(ENDPOINTS.membersPerPage.path))!,
    'http://panel',
  ).searchParams;

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  localStorage.clear();
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

describe('the member list', () => {
  it('is sorted on the server by the header clicked, kept in the address with the page size', async () => {
    const router = createMemoryRouter([{ path: '/member', element: <MemberListPage /> }], {
      initialEntries: ['/member?per_page=25'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const header = await screen.findByRole('columnheader', { name: /Email/ });
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastRead().get('sort')).toBe('email'));
    expect(lastRead().get('per_page')).toBe('25');
    expect(router.state.location.search).toContain('sort=email');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    // The page size choice shows, as the list has more than one page of 10.
    expect(screen.getByRole('combobox', { name: 'Baris per halaman' })).toBeTruthy();
  });
});
