import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import Cookies from 'js-cookie';
import { CATALOGS, STATS_TEXT, UI_PANEL, type SegmentRow } from '@blaster/contract';
import { setLanguage } from '../../i18n';
import { aUser } from '../../test/users';
import { SegmentsPage } from './SegmentsPage';

const EN = CATALOGS.en as Record<string, string>;

const aSegment = (id: number, name: string): SegmentRow => ({
  id,
  name,
  filter: {},
  created_by: 1,
  created_at: '2026-12-02T08:00:00.000Z',
  updated_at: '2026-12-02T08:00:00.000Z',
});
const SEGMENTS = [aSegment(4, 'VIP Bandung'), aSegment(5, 'Pelanggan yang belum pernah membalas')];
const COUNTS: Record<string, { total: number; claimable: number }> = {
  '4': { total: 120, claimable: 90 },
  '5': { total: 40, claimable: 40 },
};

let asked: string[] = [];
/** Counts not answered until released: the chart waits for every one of them. */
let held: Promise<void> = Promise.resolve();
let counts = COUNTS;
const fetch = vi.fn(async (url: string) => {
  asked.push(url);
  if (url === '/api/admin/segment/list') return new Response(JSON.stringify({ list: SEGMENTS }));
  if (url === '/api/admin/phonenumber/fields') return new Response(JSON.stringify({ fields: [] }));
  const count = /^\/api\/admin\/segment\/(\d+)\/count$/.exec(url);
  if (count) {
    await held;
    return new Response(JSON.stringify(counts[count[1]!]));
  }
  return new Response('{}', { status: 404 });
});

beforeAll(async () => {
  // Loaded once here, so the lazy chart resolves within the test's wait.
  await import('../../components/charts/StatsChart');
}, 30_000);
beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  asked = [];
  held = Promise.resolve();
  counts = COUNTS;
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  Cookies.remove('user');
  await setLanguage('default');
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SegmentsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const values = (chart: HTMLElement, series: string) =>
  [...chart.querySelectorAll(`[data-series="${series}"]`)].map((bar) => bar.getAttribute('data-value'));

describe('the segment sizes chart', () => {
  it("draws each saved segment's count from the counts the list reads, asking for none twice", async () => {
    renderPage();
    const chart = await screen.findByRole('img', { name: UI_PANEL['segments.chartTitle'] });
    await waitFor(() => expect(values(chart, 'ready')).toEqual(['90', '40']));
    expect(values(chart, 'notReady')).toEqual(['30', '0']);
    expect(screen.getByTestId('segment-sizes').dataset.state).toBe('ready');
    // Long names are cut on the axis; the legend names both parts of a bar.
    expect(within(chart).getByText('VIP Bandung')).toBeTruthy();
    expect(within(chart).getByText('Pelanggan yang…')).toBeTruthy();
    const card = screen.getByTestId('segment-sizes');
    expect(within(card).getByText(UI_PANEL['segments.chartReady'])).toBeTruthy();
    expect(within(card).getByText(UI_PANEL['segments.chartNotReady'])).toBeTruthy();
    // One count per segment, shared with the list's lines; the list read once.
    expect(asked.filter((url) => url.endsWith('/count')).sort()).toEqual([
      '/api/admin/segment/4/count',
      '/api/admin/segment/5/count',
    ]);
    expect(asked.filter((url) => url === '/api/admin/segment/list')).toHaveLength(1);
  });

  it('shows a skeleton until every count has arrived, and the empty state when every segment is empty', async () => {
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    counts = { '4': { total: 0, claimable: 0 }, '5': { total: 0, claimable: 0 } };
    renderPage();
    const card = await screen.findByTestId('segment-sizes');
    expect(card.dataset.state).toBe('loading');
    expect(within(card).getByRole('status', { name: STATS_TEXT.loading })).toBeTruthy();
    release();
    await waitFor(() => expect(card.dataset.state).toBe('empty'));
    expect(within(card).getByText(STATS_TEXT.empty)).toBeTruthy();
  });

  it('is titled and labelled in English too', async () => {
    await setLanguage('en');
    renderPage();
    const chart = await screen.findByRole('img', { name: EN['segments.chartTitle'] });
    await waitFor(() => expect(values(chart, 'ready')).toEqual(['90', '40']));
    const card = screen.getByTestId('segment-sizes');
    expect(within(card).getByRole('heading', { name: EN['segments.chartTitle'] })).toBeTruthy();
    expect(within(card).getByText(EN['segments.chartReady']!)).toBeTruthy();
  });

  it('is not drawn while there is no segment', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/admin/segment/list'
          ? new Response(JSON.stringify({ list: [] }))
          : new Response(JSON.stringify({ fields: [] })),
      ),
    );
    renderPage();
    await screen.findByText(UI_PANEL['segments.empty']);
    expect(screen.queryByTestId('segment-sizes')).toBeNull();
  });
});
