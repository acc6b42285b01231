import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { STATS_TEXT } from '@blaster/contract';
import { ChartCard, formatValue, type ChartSeries } from '.';

afterEach(cleanup);

beforeAll(async () => {
  // jsdom has no ResizeObserver and measures nothing: the chart draws at its initial size.
  expect(typeof ResizeObserver).toBe('undefined');
  // Loaded once here, so the lazy chart resolves within the test's wait.
  await import('./StatsChart');
}, 30_000);

const series: ChartSeries[] = [
  { key: 'success', label: STATS_TEXT.success, tone: 'success', stack: 'sends' },
  { key: 'fail', label: STATS_TEXT.fail, tone: 'fail', stack: 'sends' },
];
const ready = { isPending: false, error: null };

describe('ChartCard', () => {
  it('draws a bar per day and series with its value once the chart module has loaded', async () => {
    render(
      <ChartCard
        testId="sends"
        title="Blast per Hari"
        label="Blast per Hari"
        query={ready}
        xKey="day"
        series={series}
        data={[
          { day: '2026-11-22', success: 4, fail: 1 },
          { day: '2026-11-23', success: 7, fail: 0 },
        ]}
      />,
    );
    const chart = await screen.findByRole('img', { name: 'Blast per Hari' }, { timeout: 10_000 });
    await waitFor(() => expect(chart.querySelector('[data-series="success"]')).not.toBeNull(), {
      timeout: 5000,
    });
    const values = [...chart.querySelectorAll('[data-series="success"]')].map((bar) =>
      bar.getAttribute('data-value'),
    );
    expect(values).toEqual(['4', '7']);
    expect(screen.getByTestId('sends').dataset.state).toBe('ready');
    expect(screen.queryByText(STATS_TEXT.empty)).toBeNull();
  });

  it('says there is no data yet when every value is zero, without loading the chart', () => {
    render(
      <ChartCard
        testId="sends"
        title="Blast per Hari"
        label="Blast per Hari"
        query={ready}
        xKey="day"
        series={series}
        data={[{ day: '2026-11-23', success: 0, fail: 0 }]}
      />,
    );
    expect(screen.getByText(STATS_TEXT.empty)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('sends').dataset.state).toBe('empty');
  });

  it('shows a skeleton while the figures load', () => {
    render(
      <ChartCard
        title="Pendapatan"
        label="Pendapatan"
        query={{ isPending: true, error: null }}
        xKey="day"
        series={series}
        data={[]}
      />,
    );
    expect(screen.getByRole('status', { name: STATS_TEXT.loading })).toBeTruthy();
  });
});

describe('formatValue', () => {
  it('writes money as rupiah and rates as percent', () => {
    expect(formatValue(25000, 'rupiah')).toBe('Rp 25.000');
    expect(formatValue(87.5, 'percent')).toBe('87,5%');
    expect(formatValue(1234)).toBe('1.234');
  });
});
