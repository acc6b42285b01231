import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, type PhoneNumberWithConsentRow } from '@blaster/contract';
import { aUser } from '../../test/users';

vi.mock('../../lib/realtime', () => ({ subscribe: () => () => {} }));
const { PhoneNumberListPage } = await import('./PhoneNumberListPage');

const aRow = (id: number): PhoneNumberWithConsentRow => ({
  id,
  number: `6285700000${String(id).padStart(3, '0')}`,
  name: `Massal ${id}`,
  status: 'active',
  in_use: 0,
  count_success: 0,
  count_fail: 0,
  last_sent: null,
  consent_source: null,
  consent_at: null,
  consent_note: null,
  suppressed: false,
  tags: [],
  fields: {},
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The list's answer is held until `answer` is called: a long list is slow to count on a busy server. */
let answer: (response: Response) => void = () => {};
const fetch = vi.fn((url: string) =>
  url.startsWith(ENDPOINTS.phonePerPage.path)
    ? new Promise<Response>((resolve) => (answer = resolve))
    : Promise.resolve(json({})),
);

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

/** Opens /phonenumber and counts how often the page is drawn again. */
function openList() {
  const drawn = { count: 0 };
  const router = createMemoryRouter(
    [
      {
        path: '/phonenumber',
        element: (
          <Profiler id="list" onRender={() => (drawn.count += 1)}>
            <PhoneNumberListPage />
          </Profiler>
        ),
      },
    ],
    { initialEntries: ['/phonenumber'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { drawn, router };
}

/**
 * Lets the page run `turns` rounds of its task queue, as the frames a user waits through. Not inside
 * act(): act waits for the page to go idle, which a page drawing itself in a loop never does.
 */
async function letTasksRun(turns: number) {
  for (let turn = 0; turn < turns; turn += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

describe('the phone-number list while its first page is on its way', () => {
  it('stays idle while the user types before the rows came, then shows them and settles', async () => {
    const { drawn, router } = openList();
    await letTasksRun(2);
    // Typed while the first page is still on its way (the browser test types at once).
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '0812' } });
    const typed = drawn.count;
    await letTasksRun(50);
    // A busy page draws itself again on every task; an idle one only for what happened (a handful).
    expect(drawn.count - typed).toBeLessThan(5);
    expect(fetch.mock.calls.filter(([url]) => url.startsWith(ENDPOINTS.phonePerPage.path))).toHaveLength(1);

    await act(async () => answer(json({ data: [aRow(2), aRow(1)], meta: meta(2) })));
    await screen.findByText('Massal 2');
    // The search settles into the address once typing paused; the rows stay while it is read.
    await waitFor(() => expect(router.state.location.search).toBe('?s=0812&page=1'));
    const shown = drawn.count;
    await letTasksRun(50);
    expect(drawn.count - shown).toBeLessThan(5);
    expect(screen.getByText('Massal 2')).toBeTruthy();
  });

  it('stays idle after an error while the user types a new search', async () => {
    const { drawn } = openList();
    await act(async () => answer(json({ message: 'Gagal memuat' }, 500)));
    await screen.findByText('Gagal memuat');
    await letTasksRun(2);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '0812' } });
    const shown = drawn.count;
    await letTasksRun(50);
    expect(drawn.count - shown).toBeLessThan(5);
  });
});

const meta = (total: number) => ({ page: 1, perPage: 10, total, totalPages: 1, totalCapped: false });

describe("the phone-number list's tags and fields", () => {
  it("shows each tag whole and each field as 'key: value', and hides them from 'Kolom'", async () => {
    openList();
    const labelled = {
      ...aRow(3),
      tags: ['vip', 'pelanggan lama'],
      fields: { kota: 'Bandung', produk: 'Kopi susu gula aren', ukuran: 'L', warna: 'Hitam' },
    };
    await act(async () => answer(json({ data: [labelled, aRow(4)], meta: meta(2) })));
    const tag = (await screen.findAllByText('pelanggan lama'))[0]!;
    // A badge keeps its words on one line; cut short, its whole text is on hover.
    expect(tag.className).toContain('whitespace-nowrap');
    expect(tag.getAttribute('title')).toBe('pelanggan lama');
    const field = screen.getAllByText('produk: Kopi susu gula aren')[0]!;
    expect(field.getAttribute('title')).toBe('produk: Kopi susu gula aren');
    // Three fields shown, the fourth counted, every one in the cell's title.
    expect(screen.queryByText('warna: Hitam')).toBeNull();
    expect(screen.getAllByText('+1').length).toBeGreaterThan(0);
    expect(field.parentElement!.getAttribute('title')).toContain('warna: Hitam');

    fireEvent.keyDown(screen.getByRole('button', { name: 'Kolom' }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Tag' }));
    expect(screen.queryByText('pelanggan lama')).toBeNull();
    expect(screen.getAllByText('produk: Kopi susu gula aren').length).toBeGreaterThan(0);
  });
});
