import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { CATALOGS, MESSAGE_TEXT as MSG, STATS_TEXT, UI_PANEL, type AbTestRow } from '@blaster/contract';
import { setLanguage } from '../../i18n';
import { anAccount } from '../../test/accounts';
import { aUser } from '../../test/users';
import { catalogText } from '../../test/catalog-text';
import { AbTestChart } from './components/AbTestChart';
import { AbTestForm } from './components/AbTestForm';
import { AbTestResult } from './components/AbTestResult';
import { CancelAbTestButton } from './components/CancelAbTestButton';
import { MessageDialogHost } from '../../components/ui/message-dialog';

const EN = CATALOGS.en as Record<string, string>;
const calls: { method: string; url: string; body: unknown }[] = [];
const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
  const method = init.method ?? 'GET';
  const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
  calls.push({ method, url, body });
  if (url.startsWith('/api/admin/whatsapp/list/'))
    return new Response(JSON.stringify({ list: [anAccount()] }));
  if (url === '/api/admin/segment/list') return new Response(JSON.stringify({ list: [] }));
  if (url === '/api/admin/abtest/templates')
    return new Response(
      JSON.stringify({
        list: [
          { id: 11, caption: 'Promo pagi' },
          { id: 12, caption: 'Promo sore' },
        ],
      }),
    );
  if (url.endsWith('/cancel'))
    return new Response(
      JSON.stringify({ abtest: { ...aTest(), status: 'cancelled' }, msg: MSG.abTestCancelled }),
    );
  return new Response(JSON.stringify({ abtest: aTest(), msg: MSG.abTestStarted }));
});

function aTest(): AbTestRow {
  const variant = { sent: 100, failed: 0, replied: 0, clicked: 0 };
  return {
    id: 5,
    user_id: 7,
    whatsapp_id: 3,
    account: '6281234567890',
    segment_id: null,
    metric: 'read',
    sample_size: 100,
    wait_minutes: 60,
    status: 'finished',
    winner_template_id: 12,
    waiting_since: '2026-12-02T08:00:00.000Z',
    decided_at: '2026-12-02T09:00:00.000Z',
    created_at: '2026-12-02T07:00:00.000Z',
    variants: [
      { ...variant, template_id: 11, position: 1, caption: 'Promo pagi', read: 30, rate: 0.3 },
      { ...variant, template_id: 12, position: 2, caption: 'Promo sore', read: 42, rate: 0.42 },
    ],
  };
}

/** A field by the start of its label (a label also carries the "optional" or required mark). */
const labelled = (text: string) =>
  screen.getByLabelText(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

const posts = () => calls.filter((call) => call.method === 'POST');

function renderForm(onDone = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AbTestForm onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

beforeAll(async () => {
  // Loaded once here, so the lazy chart resolves within the test's wait.
  await import('../../components/charts/StatsChart');
}, 30_000);
beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  calls.length = 0;
  Cookies.set('user', JSON.stringify(aUser()));
});
afterEach(async () => {
  cleanup();
  Cookies.remove('user');
  await setLanguage('default');
});

describe('the A/B test form', () => {
  it('refuses one variant with the catalog’s message, then starts a test with two', async () => {
    const onDone = renderForm();
    const account = labelled(UI_PANEL['abtests.account']);
    await screen.findByRole('option', { name: /6281234567890/ });
    fireEvent.change(account, { target: { value: '3' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Promo pagi/ }));
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['abtests.start'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.abTestVariantsCount);
    expect(posts()).toEqual([]);

    fireEvent.click(screen.getByRole('checkbox', { name: /Promo sore/ }));
    fireEvent.change(labelled(UI_PANEL['abtests.metric']), { target: { value: 'read' } });
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['abtests.start'] }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/abtest',
        body: {
          whatsapp_id: 3,
          segment_id: null,
          template_ids: [11, 12],
          sample_size: 100,
          wait_minutes: 60,
          metric: 'read',
        },
      },
    ]);
  });
});

describe('cancelling a test', () => {
  function renderButton() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CancelAbTestButton test={{ ...aTest(), status: 'waiting', winner_template_id: null }} />
        <MessageDialogHost />
      </QueryClientProvider>,
    );
  }

  it('asks first, and sends nothing when the question is cancelled', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['abtests.cancelTest'] }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(catalogText('abtests.cancelConfirm', { id: '5' }));
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts()).toEqual([]);
  });

  it('cancels the test once confirmed', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['abtests.cancelTest'] }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: UI_PANEL['abtests.cancelTest'] }));
    await waitFor(() =>
      expect(posts()).toEqual([{ method: 'POST', url: '/api/admin/abtest/5/cancel', body: undefined }]),
    );
  });
});

describe('the A/B test result', () => {
  it('shows each variant’s numbers and marks the winner with its margin, in English too', async () => {
    await setLanguage('en');
    render(<AbTestResult test={aTest()} />);
    const table = screen.getByRole('table', { name: catalogText('abtests.resultCaption', { id: '5' }, EN) });
    // It scrolls sideways on a phone: a keyboard reaches it to scroll it.
    const region = screen.getByRole('region', {
      name: catalogText('abtests.resultCaption', { id: '5' }, EN),
    });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(table)).toBe(true);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Read rate' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('30%');
    expect(rows[1]!.textContent).not.toContain('Winner');
    expect(rows[2]!.textContent).toContain('42%');
    expect(rows[2]!.textContent).toContain(catalogText('abtests.winnerMargin', { points: '12' }, EN));
  });
});

describe('the A/B test chart', () => {
  const values = (chart: HTMLElement, series: string) =>
    [...chart.querySelectorAll(`[data-series="${series}"]`)].map((bar) => bar.getAttribute('data-value'));

  it("draws each variant's rate, the winner in a series of its own, and its margin in points beside", async () => {
    render(<AbTestChart test={aTest()} />);
    const metric = UI_PANEL['abtests.metric.read'];
    const chart = await screen.findByRole('img', {
      name: catalogText('abtests.chartLabel', { metric, id: '5' }),
    });
    await waitFor(() => expect(values(chart, 'winner')).toEqual(['0', '42']));
    expect(values(chart, 'rate')).toEqual(['30', '0']);
    const card = screen.getByTestId('abtest-5-chart');
    expect(
      within(card).getByRole('heading', { name: catalogText('abtests.chartTitle', { metric }) }),
    ).toBeTruthy();
    // The legend names the winner's colour; the axis names the variants.
    expect(within(card).getByText(UI_PANEL['abtests.winner'])).toBeTruthy();
    expect(within(chart).getByText('2. Promo sore')).toBeTruthy();
    const summary = screen.getByTestId('abtest-5-winner');
    expect(summary.textContent).toContain('2. Promo sore');
    expect(summary.textContent).toContain(catalogText('abtests.marginPoints', { points: '12' }));

    // Each bar's tooltip lists the series it is drawn in only.
    act(() => chart.focus());
    const spoken = () => chart.parentElement!.querySelector('[aria-live]')!.textContent;
    expect(spoken()).toContain(`${metric}30%`);
    expect(spoken()).not.toContain(UI_PANEL['abtests.winner']);
    fireEvent.keyDown(chart, { key: 'ArrowDown' });
    expect(spoken()).toContain(`${UI_PANEL['abtests.winner']}42%`);
    expect(spoken()).not.toContain(metric);
  });

  it('says so in English, with the margin in one decimal', async () => {
    await setLanguage('en');
    const test = aTest();
    test.variants[1]!.rate = 0.4251;
    render(<AbTestChart test={test} />);
    const chart = await screen.findByRole('img', {
      name: catalogText('abtests.chartLabel', { metric: 'Read rate', id: '5' }, EN),
    });
    await waitFor(() => expect(values(chart, 'winner')).toEqual(['0', '42.5']));
    const summary = screen.getByTestId('abtest-5-winner');
    expect(within(summary).getByText(EN['abtests.margin']!)).toBeTruthy();
    expect(summary.textContent).toContain(catalogText('abtests.marginPoints', { points: '12.5' }, EN));
    expect(summary.textContent).toContain(EN['abtests.marginNote']);
  });

  it('marks no winner while the test waits, and shows the empty state before any reaction', async () => {
    const test = { ...aTest(), status: 'waiting' as const, winner_template_id: null };
    const { unmount } = render(<AbTestChart test={test} />);
    const chart = await screen.findByRole('img', { name: /#5/ });
    await waitFor(() => expect(values(chart, 'rate')).toEqual(['30', '42']));
    expect(chart.querySelector('[data-series="winner"]')).toBeNull();
    expect(screen.getByTestId('abtest-5-winner').textContent).toBe(UI_PANEL['abtests.noWinner']);
    unmount();

    const fresh = { ...test, status: 'sampling' as const };
    fresh.variants = fresh.variants.map((variant) => ({ ...variant, read: 0, rate: 0 }));
    render(<AbTestChart test={fresh} />);
    expect(screen.getByTestId('abtest-5-chart').dataset.state).toBe('empty');
    expect(screen.getByText(STATS_TEXT.empty)).toBeTruthy();
  });
});
