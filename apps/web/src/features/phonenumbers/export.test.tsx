import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import Cookies from 'js-cookie';
import { ENDPOINTS, PHONE_LIST_MAX_LIMIT, UI_PANEL } from '@blaster/contract';
import { messages } from '../../i18n';
import { aUser } from '../../test/users';

const saved = vi.hoisted(() => ({ rows: [] as unknown[] }));
vi.mock('../../lib/download', () => ({
  downloadCsv: (_name: string, rows: unknown[]) => (saved.rows = rows),
  downloadJson: (_name: string, rows: unknown[]) => (saved.rows = rows),
}));
const { exportPhoneNumbers } = await import('./export');

const TOTAL = 2_500;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
/** Slices are held until `release` is called, so the toast can be read between them. */
let release: () => void = () => {};
const fetch = vi.fn(async (url: string) => {
  if (url.startsWith(ENDPOINTS.phoneCountBlast.path)) return json({ blasted: 500, unBlasted: TOTAL - 500 });
  const after = Number(new URL(url, 'http://panel').searchParams.get('after') ?? TOTAL + 1);
  await new Promise<void>((resolve) => (release = resolve));
  const ids = Array.from({ length: Math.min(PHONE_LIST_MAX_LIMIT, after - 1) }, (_, i) => after - 1 - i);
  return json({ list: ids.map((id) => ({ id, number: `62812${id}`, name: `Nomor ${id}` })) });
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

const text = (key: keyof typeof UI_PANEL, values: Record<string, string>) => {
  let out: string = UI_PANEL[key];
  for (const [name, value] of Object.entries(values)) out = out.replace(`{{${name}}}`, value);
  return out;
};

describe('exporting the phone numbers', () => {
  it('counts the rows read against the total while it walks the list, then says how many it saved', async () => {
    render(<Toaster />);
    const done = exportPhoneNumbers('csv', messages());
    for (const [slice, read] of ['1.000', '2.000'].entries()) {
      // The count, then one call per slice, each sent only once the one before was answered.
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2 + slice));
      await act(async () => release());
      expect(await screen.findByText(text('common.exporting', { done: read, total: '2.500' }))).toBeTruthy();
    }
    // The last, short slice ends the walk: the toast turns into the count of rows saved.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    await act(async () => release());
    await act(() => done);
    expect(await screen.findByText(text('common.exported', { count: '2.500' }))).toBeTruthy();
    expect(saved.rows).toHaveLength(TOTAL);
  });
});
