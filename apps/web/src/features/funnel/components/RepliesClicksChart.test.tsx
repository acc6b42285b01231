import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { CATALOGS, STATS_TEXT, UI_PANEL, type FunnelAnswer, type FunnelCounts } from '@blaster/contract';
import { setLanguage } from '../../../i18n';
import { aUser } from '../../../test/users';
import { formatDay } from '../../../components/charts';
import { useFunnel } from '../api';
import { RepliesClicksChart, repliesClicksDays } from './RepliesClicksChart';

const EN = CATALOGS.en as Record<string, string>;

const counts = (replied: number, clicked: number): FunnelCounts => ({
  queued: 50,
  sent: 50,
  delivered: 40,
  read: 30,
  clicked,
  replied,
  failed: 0,
  opted_out: 0,
});
const day = (key: string, replied: number, clicked: number) => ({
  key,
  label: key,
  ...counts(replied, clicked),
});
const answer = (groups: FunnelAnswer['groups']): FunnelAnswer => ({ by: 'day', total: counts(0, 0), groups });

/** Every day's counts, and one template's: what the server answers each query. */
const EVERY_TEMPLATE = answer([day('2026-11-25', 4, 2), day('2026-11-27', 6, 3)]);
const TEMPLATE_1 = answer([day('2026-11-25', 1, 0), day('2026-11-27', 2, 3)]);
const TEMPLATES = [
  { key: '1', label: 'Promo {name}', ...counts(3, 3) },
  { key: '2', label: 'Halo {name}', ...counts(7, 2) },
  // Sends without a template: counted in the split, not a choice of the filter.
  { key: '', label: '#-', ...counts(0, 0) },
];

let asked: string[] = [];
const fetch = vi.fn(async (url: string) => {
  asked.push(url);
  const query = new URL(url, 'http://panel').searchParams;
  if (query.get('template_id') === '1') return new Response(JSON.stringify(TEMPLATE_1));
  if (query.get('template_id')) return new Response(JSON.stringify(answer([])));
  return new Response(JSON.stringify(EVERY_TEMPLATE));
});

beforeAll(async () => {
  // Loaded once here, so the lazy chart resolves within the test's wait.
  await import('../../../components/charts/StatsChart');
}, 30_000);
beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  asked = [];
  Cookies.set('user', JSON.stringify(aUser()));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  Cookies.remove('user');
  await setLanguage('default');
});

/** The funnel's own days beside the chart, as the panel reads them. */
function FunnelDays({ accountId }: { accountId: number | null }) {
  const days = useFunnel(7, 'day', accountId);
  return <p data-testid="funnel-days">{days.data?.groups.length ?? '-'}</p>;
}

function renderChart(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const shown = (accountId: number | null) => (
    <QueryClientProvider client={client}>
      <FunnelDays accountId={accountId} />
      <RepliesClicksChart owner={7} accountId={accountId} templates={TEMPLATES} />
    </QueryClientProvider>
  );
  const view = render(shown(null));
  return { rerender: (accountId: number | null) => view.rerender(shown(accountId)) };
}

const values = (chart: HTMLElement, series: string) =>
  [...chart.querySelectorAll(`[data-series="${series}"]`)].map((bar) => bar.getAttribute('data-value'));

describe('replies and clicks per day', () => {
  it('fills the days without sends between the first and the last', () => {
    expect(repliesClicksDays(EVERY_TEMPLATE.groups)).toEqual([
      { day: '2026-11-25', replied: 4, clicked: 2 },
      { day: '2026-11-26', replied: 0, clicked: 0 },
      { day: '2026-11-27', replied: 6, clicked: 3 },
    ]);
    expect(repliesClicksDays([])).toEqual([]);
  });

  it("draws every template's replies and clicks from the funnel's own query, then one template's", async () => {
    const { rerender } = renderChart();
    const chart = await screen.findByRole('img', { name: UI_PANEL['funnel.repliesClicks'] });
    await waitFor(() => expect(values(chart, 'replied')).toEqual(['4', '0', '6']));
    expect(values(chart, 'clicked')).toEqual(['2', '0', '3']);
    expect(within(chart).getByText(formatDay('2026-11-26'))).toBeTruthy();
    // In the funnel's colours of the two stages, each with its light and dark shade.
    const fill = (series: string) =>
      chart.querySelector(`[data-series="${series}"] path`)?.getAttribute('fill');
    expect([fill('replied'), fill('clicked')]).toEqual(['var(--chart-pink)', 'var(--chart-violet)']);
    const card = screen.getByTestId('funnel-replies-clicks');
    expect(card.className).toContain('dark:[--chart-pink:var(--color-pink-400)]');
    expect(card.className).toContain('dark:[--chart-violet:var(--color-violet-400)]');
    // The chart and the funnel's days shared one request.
    expect(asked).toEqual(['/api/admin/messagelog/funnel/7?by=day']);

    const filter = screen.getByRole('combobox', { name: UI_PANEL['funnel.template'] }) as HTMLSelectElement;
    expect([...filter.options].map((option) => [option.value, option.text])).toEqual([
      ['', UI_PANEL['funnel.allTemplates']],
      ['1', 'Promo {name}'],
      ['2', 'Halo {name}'],
    ]);
    fireEvent.change(filter, { target: { value: '1' } });
    await waitFor(() => expect(values(chart, 'replied')).toEqual(['1', '0', '2']));
    expect(values(chart, 'clicked')).toEqual(['0', '0', '3']);
    expect(asked.at(-1)).toBe('/api/admin/messagelog/funnel/7?by=day&template_id=1');
    // The funnel's own days stay every template's.
    expect(screen.getByTestId('funnel-days').textContent).toBe('2');

    // Another account: its every template, the filter cleared.
    rerender(3);
    await waitFor(() => expect(asked).toContain('/api/admin/messagelog/funnel/7?by=day&whatsapp_id=3'));
    expect(asked.filter((url) => url.includes('whatsapp_id=3'))).toHaveLength(1);
    expect(filter.value).toBe('');
  });

  it('says there is nothing yet when the chosen template had no replies or clicks', async () => {
    renderChart();
    const filter = await screen.findByRole('combobox', { name: UI_PANEL['funnel.template'] });
    fireEvent.change(filter, { target: { value: '2' } });
    const card = screen.getByTestId('funnel-replies-clicks');
    await waitFor(() => expect(card.dataset.state).toBe('empty'));
    expect(within(card).getByText(STATS_TEXT.empty)).toBeTruthy();
  });

  it('is titled, labelled and filtered in English too', async () => {
    await setLanguage('en');
    renderChart();
    const chart = await screen.findByRole('img', { name: EN['funnel.repliesClicks'] });
    await waitFor(() => expect(values(chart, 'replied')).toEqual(['4', '0', '6']));
    const card = screen.getByTestId('funnel-replies-clicks');
    expect(within(card).getByText(EN['funnelStage.replied']!)).toBeTruthy();
    expect(within(card).getByText(EN['funnelStage.clicked']!)).toBeTruthy();
    expect(within(card).getByRole('option', { name: EN['funnel.allTemplates'] })).toBeTruthy();
  });
});
