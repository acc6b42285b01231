import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import type { InboxMessageRow, InboxThreadRow, RealtimeEvent } from '@blaster/contract';
import { setLanguage } from '../../i18n';
import { aUser } from '../../test/users';

// The socket is replaced: the test plays the server's events to whoever subscribed.
const listeners = new Map<string, Set<(message: RealtimeEvent) => void>>();
vi.mock('../../lib/realtime', () => ({
  subscribe: (channel: string, handler: (message: RealtimeEvent) => void) => {
    const set = listeners.get(channel) ?? new Set();
    set.add(handler);
    listeners.set(channel, set);
    return () => set.delete(handler);
  },
}));
const { InboxPage } = await import('./InboxPage');

const THREAD: InboxThreadRow = {
  id: 3,
  whatsapp_id: 5,
  account: '6281200000005',
  user_id: 7,
  counterpart: '6287400000001',
  last_text: 'Berapa harganya kak?',
  last_direction: 'in',
  last_at: '2026-12-02T08:00:00.000Z',
  unread: 1,
};
const MESSAGES: InboxMessageRow[] = [
  {
    id: 11,
    thread_id: 3,
    direction: 'in',
    text: 'Berapa harganya kak?',
    at: '2026-12-02T08:00:00.000Z',
    message_log_id: 40,
    template_id: 2,
    sent_by: null,
  },
  {
    id: 10,
    thread_id: 3,
    direction: 'out',
    text: 'Halo kak, ada promo',
    at: '2026-12-02T07:00:00.000Z',
    message_log_id: null,
    template_id: null,
    sent_by: 7,
  },
];
const meta = { page: 1, totalPages: 1, total: 1, totalCapped: false };

let threads: InboxThreadRow[] = [THREAD];
let failThreads = false;
const calls: { method: string; url: string; body: unknown }[] = [];
const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
  const method = init.method ?? 'GET';
  calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
  if (url.startsWith('/api/admin/inbox/threads?') || url === '/api/admin/inbox/threads') {
    if (failThreads) return new Response(JSON.stringify({ msg: 'Server sedang sibuk' }), { status: 500 });
    return new Response(JSON.stringify({ data: threads, meta: { ...meta, total: threads.length } }));
  }
  if (url.startsWith('/api/admin/inbox/threads/3/messages'))
    return new Response(JSON.stringify({ thread: THREAD, data: MESSAGES, meta }));
  if (url.startsWith('/api/admin/inbox/threads/3/reply'))
    return new Response(
      JSON.stringify({
        msg: 'Balasan terkirim.',
        message: { ...MESSAGES[1]!, id: 12, text: 'Rp 50.000 kak', at: '2026-12-02T09:00:00.000Z' },
      }),
    );
  return new Response(JSON.stringify({ msg: 'OK' }));
});

function renderInbox(path = '/inbox') {
  const router = createMemoryRouter([{ path: '/inbox', element: <InboxPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const threadCalls = () => calls.filter((call) => call.url.startsWith('/api/admin/inbox/threads?'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  calls.length = 0;
  threads = [THREAD];
  failThreads = false;
  listeners.clear();
  Cookies.set('user', JSON.stringify(aUser({ id: 7, role: 'member' })));
});
afterEach(async () => {
  cleanup();
  Cookies.remove('user');
  await setLanguage('default');
});

describe('the inbox page', () => {
  it('lists threads, opens one oldest first, marks it read and answers in it', async () => {
    const router = renderInbox();
    const item = await screen.findByTestId('inbox-thread-3');
    expect(item.textContent).toContain('6287400000001');
    expect(item.textContent).toContain('Berapa harganya kak?');
    expect(screen.getByTestId('inbox-unread-3').textContent).toBe('1');

    fireEvent.click(item);
    expect(router.state.location.search).toBe('?thread=3');
    const list = await screen.findByTestId('inbox-messages');
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(2));
    const shown = [...list.querySelectorAll('li')];
    expect(shown.map((node) => node.getAttribute('data-direction'))).toEqual(['out', 'in']);
    expect(shown[1]!.textContent).toContain('template #2');
    // The owner opened an unread thread: it is marked read.
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/threads/3/read'))).toBe(true),
    );

    const box = screen.getByLabelText(/^Balasan/) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Rp 50.000 kak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(box.value).toBe(''));
    const sent = calls.find((call) => call.url.endsWith('/threads/3/reply'));
    expect(sent).toMatchObject({
      method: 'POST',
      body: { text: 'Rp 50.000 kak', on_behalf_of_owner: false },
    });
  });

  it('follows new messages live on the member’s private channel', async () => {
    renderInbox();
    await screen.findByTestId('inbox-thread-3');
    const before = threadCalls().length;
    threads = [{ ...THREAD, id: 4, counterpart: '6287400000002', last_text: 'Halo?' }, THREAD];
    const handlers = listeners.get('private');
    expect(handlers?.size).toBeGreaterThan(0);
    const payload = {
      thread_id: 4,
      whatsapp_id: 5,
      user_id: 7,
      counterpart: '6287400000002',
      direction: 'in' as const,
      text: 'Halo?',
      at: '2026-12-02T09:00:00.000Z',
      date: '2026-12-02T09:00:00.000Z',
    };
    for (const handler of handlers!) handler({ event: 'inbox_message', payload });
    const added = await screen.findByTestId('inbox-thread-4');
    expect(added.textContent).toContain('Halo?');
    expect(threadCalls().length).toBeGreaterThan(before);
  });

  it('says when there is nothing yet, in both languages', async () => {
    threads = [];
    renderInbox();
    expect((await screen.findByTestId('inbox-empty')).textContent).toBe(
      'Belum ada balasan. Balasan penerima blast muncul di sini.',
    );
    cleanup();
    await setLanguage('en');
    renderInbox();
    expect((await screen.findByTestId('inbox-empty')).textContent).toBe(
      'No replies yet. Replies to your blasts appear here.',
    );
  });

  it('shows the server’s refusal when the list cannot be read', async () => {
    failThreads = true;
    renderInbox();
    expect((await screen.findByRole('alert')).textContent).toContain('Server sedang sibuk');
  });
});
