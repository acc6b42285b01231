import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, MESSAGE_TEXT as MSG, type TemplateRow } from '@blaster/contract';
import { MessageDialogHost } from '../../components/ui/message-dialog';
import { aUser } from '../../test/users';
import { TemplateListPage } from './TemplateListPage';

const aTemplate = (id: number, status: TemplateRow['status'] = 'active'): TemplateRow => ({
  id,
  media: null,
  text: `Promo ${id}`,
  text_wa: `Promo ${id}`,
  button: [],
  count_use: 0,
  status,
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const meta = { page: 1, totalPages: 1, total: 3, totalCapped: false };

let rows: TemplateRow[] = [];
const bulkBodies: unknown[] = [];
const fetch = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith(ENDPOINTS.messagePerPage.path)) return json({ data: rows, meta });
  if (url === ENDPOINTS.messageBulk.path) {
    const body = JSON.parse(String(init?.body)) as { ids: number[]; action: string };
    bulkBodies.push(body);
    rows = rows.map((row) =>
      body.ids.includes(row.id)
        ? { ...row, status: body.action === 'activate' ? 'active' : 'nonactive' }
        : row,
    );
    return json({ count: body.ids.length, msg: 'OK' });
  }
  return json({});
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  rows = [aTemplate(3), aTemplate(2), aTemplate(1)];
  bulkBodies.length = 0;
  localStorage.clear();
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function openList() {
  const router = createMemoryRouter([{ path: '/message', element: <TemplateListPage /> }], {
    initialEntries: ['/message'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <MessageDialogHost />
    </QueryClientProvider>,
  );
}

const choose = async (caption: string) =>
  fireEvent.click(await screen.findByRole('checkbox', { name: `Pilih ${caption}` }));

describe('bulk actions on the template list', () => {
  it('make the chosen templates nonactive at once, then show them so and clear the choice', async () => {
    openList();
    await choose('Promo 3');
    await choose('Promo 1');
    expect(screen.getByRole('status').textContent).toBe('2 dipilih');
    fireEvent.click(screen.getByRole('button', { name: 'Nonaktifkan terpilih' }));
    await waitFor(() => expect(bulkBodies).toEqual([{ ids: [3, 1], action: 'deactivate' }]));
    // The list is read again: the two rows now say nonactive, and nothing stays chosen.
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: /terpilih/i })).toBeNull());
    const table = screen.getByRole('table');
    await waitFor(() => expect(table.textContent?.match(/nonactive/gi)).toHaveLength(2));
  });

  it('ask before a delete, and a Cancel sends nothing', async () => {
    openList();
    await choose('Promo 2');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus terpilih' }));
    const dialog = await screen.findByRole('alertdialog', { name: MSG.areYouSure });
    expect(dialog.textContent).toContain('1 template akan dihapus.');
    fireEvent.click(screen.getByRole('button', { name: MSG.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bulkBodies).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('1 dipilih');
  });
});
