import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS } from '@blaster/contract';
import { aUser } from '../../test/users';
import { AuditListPage } from './AuditListPage';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetch = vi.fn(async (url: string) =>
  url.startsWith(ENDPOINTS.auditPerPage.path)
    ? json({ data: [], meta: { page: 1, totalPages: 4, total: 40, totalCapped: false } })
    : json({ list: [] }),
);
const listReads = () =>
  fetch.mock.calls
    .map(([url]) => url)
    .filter((url) => url.startsWith(ENDPOINTS.auditPerPage.path))
    .map((url) => new URL(url, 'http://panel').searchParams);

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

describe('the audit trail', () => {
  it("reads as many entries as 'Baris per halaman' says, kept in the address", async () => {
    const router = createMemoryRouter([{ path: '/audit', element: <AuditListPage /> }], {
      initialEntries: ['/audit?action=user.update'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByRole('combobox', { name: 'Baris per halaman' }), {
      target: { value: '25' },
    });
    await vi.waitFor(() => expect(listReads().at(-1)?.get('per_page')).toBe('25'));
    expect(listReads().at(-1)?.get('action')).toBe('user.update');
    expect(router.state.location.search).toContain('per_page=25');
  });
});

describe('sorting the audit trail', () => {
  it('asks the server for the oldest entries first from the time header', async () => {
    const router = createMemoryRouter([{ path: '/audit', element: <AuditListPage /> }], {
      initialEntries: ['/audit'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const header = await screen.findByRole('columnheader', { name: /Waktu|Time/ });
    fireEvent.click(within(header).getByRole('button'));
    await vi.waitFor(() => expect(listReads().at(-1)?.get('sort')).toBe('time'));
    expect(router.state.location.search).toContain('sort=time');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
  });
});
