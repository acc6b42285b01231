import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS } from '@blaster/contract';
import { aUser } from '../../test/users';
import { AuditListPage } from './AuditListPage';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
/** Four pages of the trail with nothing on them; a test may answer otherwise for itself. */
const fourEmptyPages = async (url: string) =>
  url.startsWith(ENDPOINTS.auditPerPage.path)
    ? json({ data: [], meta: { page: 1, totalPages: 4, total: 40, totalCapped: false } })
    : json({ list: [] });
const fetch = vi.fn(fourEmptyPages);
const listReads = () =>
  fetch.mock.calls
    .map(([url]) => url)
    .filter((url) => url.startsWith(ENDPOINTS.auditPerPage.path))
    .map((url) => new URL(url, 'http://panel').searchParams);

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockReset();
  fetch.mockImplementation(fourEmptyPages);
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
    await waitFor(() => expect(listReads().at(-1)?.get('per_page')).toBe('25'));
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
    await waitFor(() => expect(listReads().at(-1)?.get('sort')).toBe('time'));
    expect(router.state.location.search).toContain('sort=time');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
  });
});

describe('template decisions in the audit trail', () => {
  const entry = (id: number, action: string, actor: unknown, after: Record<string, unknown>) => ({
    id,
    createdAt: '2026-12-02T08:00:00.000Z',
    actor,
    action,
    target: { type: 'template', id: '7', name: 'Menang undian {name}' },
    before: { review_state: 'pending' },
    after,
    instance: 'api-1',
  });

  it("names a reviewer's rejection with its reason, and a pause by the recipients' feedback as the system's", async () => {
    const reviewer = { id: 3, role: 'staff', name: 'Sari Dewi' };
    fetch.mockImplementation(async (url: string) =>
      url.startsWith(ENDPOINTS.auditPerPage.path)
        ? json({
            data: [
              entry(2, 'template.pause', null, { pacing: 'paused', feedback: 'block' }),
              entry(1, 'template.reject', reviewer, {
                review_state: 'rejected',
                review_reason: 'Menjanjikan hadiah',
              }),
            ],
            meta: { page: 1, totalPages: 1, total: 2, totalCapped: false },
          })
        : json({ list: [] }),
    );
    const router = createMemoryRouter([{ path: '/audit', element: <AuditListPage /> }], {
      initialEntries: ['/audit'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByText('Template #7 · Menang undian {name}');
    expect(rows).toHaveLength(2);
    // Besides the filter's options, each action is named on its row.
    expect(screen.getAllByText('Template ditolak')).toHaveLength(2);
    expect(screen.getAllByText('Template dijeda oleh feedback penerima')).toHaveLength(2);
    expect(screen.getAllByText('Menjanjikan hadiah').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Sistem').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Dijeda').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Blokir').length).toBeGreaterThan(0);
  });
});
