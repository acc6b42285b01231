import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { MESSAGE_TEXT as MSG, UI_PANEL, type SegmentRow } from '@blaster/contract';
import { setLanguage } from '../../i18n';
import { aUser } from '../../test/users';
import { catalogText } from '../../test/catalog-text';
import { SegmentBuilder } from './components/SegmentBuilder';

const calls: { method: string; url: string; body: unknown }[] = [];
let refuseSave = false;
const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
  const method = init.method ?? 'GET';
  const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
  calls.push({ method, url, body });
  if (url === '/api/admin/segment/preview-count')
    return new Response(JSON.stringify({ total: 10, claimable: 7 }));
  if (refuseSave) {
    const msg = MSG.segmentFieldUnknown('kota');
    return new Response(JSON.stringify({ msg, errors: { filter: msg } }), { status: 400 });
  }
  const segment: SegmentRow = {
    id: 4,
    name: 'VIP',
    filter: {},
    created_by: 1,
    created_at: '2026-12-02T08:00:00.000Z',
    updated_at: '2026-12-02T08:00:00.000Z',
  };
  return new Response(JSON.stringify({ segment, msg: MSG.segmentSaved }));
});

/** A field by the start of its label (a label also carries the "optional" or required mark). */
const labelled = (text: string) =>
  screen.getByLabelText(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

const previews = () => calls.filter((call) => call.url === '/api/admin/segment/preview-count');

function renderBuilder(onDone = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SegmentBuilder segment={null} fieldKeys={['city', 'member_since']} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  calls.length = 0;
  refuseSave = false;
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  Cookies.remove('user');
  await setLanguage('default');
});

describe('the segment builder', () => {
  it('builds a filter from chips, field rows and choices, counts it live and saves it', async () => {
    const onDone = renderBuilder();
    fireEvent.change(labelled(UI_PANEL['segments.name']), {
      target: { value: 'VIP Bandung' },
    });
    const tagInput = labelled(UI_PANEL['segments.tags']);
    fireEvent.change(tagInput, { target: { value: 'VIP' } });
    fireEvent.keyDown(tagInput, { key: 'Enter' });
    expect(
      screen.getByRole('button', { name: catalogText('segments.removeTag', { tag: 'vip' }) }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['segments.addField'] }));
    const key = screen.getByLabelText(UI_PANEL['segments.fieldKey']) as HTMLSelectElement;
    expect([...key.options].map((option) => option.value)).toEqual(['city', 'member_since']);
    fireEvent.change(screen.getByLabelText(UI_PANEL['segments.fieldValue']), {
      target: { value: 'Bandung' },
    });
    fireEvent.change(labelled(UI_PANEL['segments.replied']), {
      target: { value: 'no' },
    });

    const status = await screen.findByText(catalogText('segments.count', { claimable: '7', total: '10' }));
    expect(status.getAttribute('aria-live')).toBe('polite');
    // The count is asked once typing pauses, with the filter as it stands then.
    await waitFor(() =>
      expect(previews().at(-1)?.body).toEqual({
        filter: { tags: ['vip'], fields: [{ key: 'city', value: 'Bandung' }], replied: false },
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['segments.save'] }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/admin/segment')?.body).toEqual({
      name: 'VIP Bandung',
      filter: { tags: ['vip'], fields: [{ key: 'city', value: 'Bandung' }], replied: false },
    });
  });

  it('waits for typing to pause before counting', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBuilder();
    await act(() => vi.advanceTimersByTimeAsync(500));
    const before = previews().length;
    const tagInput = labelled(UI_PANEL['segments.tags']);
    for (const tag of ['a', 'b', 'c']) {
      fireEvent.change(tagInput, { target: { value: tag } });
      fireEvent.keyDown(tagInput, { key: 'Enter' });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(previews().length).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(previews().length).toBe(before + 1);
  });

  it('shows the server’s refusal of an unknown field, in English for an English reader', async () => {
    await setLanguage('en');
    refuseSave = true;
    const onDone = renderBuilder();
    fireEvent.change(labelled('Segment name'), {
      target: { value: 'Kota' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.segmentFieldUnknown('kota'));
    expect(onDone).not.toHaveBeenCalled();
  });
});
