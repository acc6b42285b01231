import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import {
  ENDPOINTS,
  MESSAGE_TEXT as MSG,
  REALTIME_CHANNEL_PRIVATE,
  REALTIME_PATH,
  UI_PANEL,
  type TemplateRow,
} from '@blaster/contract';
import { MessageDialogHost } from '../../components/ui/message-dialog';
import { FakeRequest, FakeSocket } from '../../test/fake-transport';
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
  category: 'marketing',
  review_state: 'approved',
  review_reason: null,
  reviewed_at: null,
  quality: null,
  pacing: 'released',
  pause_reason: null,
  feedback: { sends: 0, blocks: 0, reports: 0, opt_outs: 0 },
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const meta = { page: 1, totalPages: 1, total: 3, totalCapped: false };

let rows: TemplateRow[] = [];
const bulkBodies: unknown[] = [];
const listReads = () =>
  fetch.mock.calls
    .map(([url]) => url)
    .filter((url) => url.startsWith(ENDPOINTS.messagePerPage.path))
    .map((url) => new URL(url, 'http://panel').searchParams);
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
  // The page opens the private channel its import reports progress on.
  FakeSocket.all = [];
  FakeRequest.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  fetch.mockClear();
  rows = [aTemplate(3), aTemplate(2), aTemplate(1)];
  bulkBodies.length = 0;
  localStorage.clear();
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function openList(address = '/message') {
  const router = createMemoryRouter([{ path: '/message', element: <TemplateListPage /> }], {
    initialEntries: [address],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <MessageDialogHost />
    </QueryClientProvider>,
  );
  return router;
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

describe('searching and sorting the template list', () => {
  it('asks the server for the text typed once typing pauses, from page 1, within the status chosen', async () => {
    const router = openList('/message?page=2&status=nonactive');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Cari Template' }), {
      target: { value: ' Diskon 50% ' },
    });
    await waitFor(() => expect(listReads().at(-1)?.get('search')).toBe('Diskon 50%'));
    const asked = listReads().at(-1)!;
    expect([asked.get('page'), asked.get('status')]).toEqual(['1', 'nonactive']);
    expect(new URLSearchParams(router.state.location.search).get('s')).toBe('Diskon 50%');
  });

  it('is sorted on the server by the caption or status header clicked, descending on a second click', async () => {
    const router = openList();
    const caption = await screen.findByRole('columnheader', { name: /Caption/ });
    fireEvent.click(within(caption).getByRole('button'));
    await waitFor(() => expect(listReads().at(-1)?.get('sort')).toBe('caption'));
    expect(caption.getAttribute('aria-sort')).toBe('ascending');
    const status = screen.getByRole('columnheader', { name: /Status/ });
    fireEvent.click(within(status).getByRole('button'));
    fireEvent.click(within(status).getByRole('button'));
    await waitFor(() => expect(listReads().at(-1)?.get('dir')).toBe('desc'));
    expect(listReads().at(-1)?.get('sort')).toBe('status');
    expect(router.state.location.search).toContain('sort=status');
  });
});

describe("the template list's 'Import JSON'", () => {
  it('shows the bytes sent and the templates the server read, then reads the list again', async () => {
    openList();
    await screen.findByText('Promo 3');
    const SIZE = 400_000;
    const file = new File(['x'.repeat(SIZE)], 'templates.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText(UI_PANEL['template.importJson']), { target: { files: [file] } });
    const socket = FakeSocket.all.findLast((one) =>
      one.url.endsWith(`${REALTIME_PATH}?id=${REALTIME_CHANNEL_PRIVATE}`),
    )!;
    act(() => socket.onopen!());
    const request = await waitFor(() => {
      expect(FakeRequest.all).toHaveLength(1);
      return FakeRequest.all[0]!;
    });
    const uploadId = new URL(request.url, 'http://panel').searchParams.get('progress');
    expect(request.url.startsWith(ENDPOINTS.messageImport.path)).toBe(true);
    expect(screen.getByRole('button', { name: UI_PANEL['template.importJson'] })).toHaveProperty(
      'disabled',
      true,
    );

    act(() => request.upload.onprogress!({ loaded: SIZE / 4, total: SIZE, lengthComputable: true }));
    expect(
      screen.getByRole('progressbar', { name: UI_PANEL['common.uploading'] }).getAttribute('aria-valuenow'),
    ).toBe('25');
    act(() =>
      socket.onmessage!({
        data: JSON.stringify({
          event: 'import_progress',
          payload: {
            uploadId,
            rowsRead: 120,
            rowsWritten: 0,
            bytesRead: SIZE / 2,
            uploadBytes: SIZE,
            read: false,
            date: '2026-11-27T10:00:00.000Z',
          },
        }),
      }),
    );
    expect(screen.getByText(UI_PANEL['common.importReading'].replace('{{rows}}', '120'))).toBeTruthy();

    const readsBefore = listReads().length;
    act(() =>
      request.answer(200, {
        importId: 4,
        created: [],
        createdCount: 0,
        skipped: [],
        skippedCount: 0,
        msg: 'OK',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await waitFor(() => expect(listReads().length).toBeGreaterThan(readsBefore));
    expect(screen.getByRole('button', { name: UI_PANEL['template.importJson'] })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
