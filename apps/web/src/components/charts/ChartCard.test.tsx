import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { STATS_TEXT } from '@blaster/contract';
import { ChartCard, ColourBarChart, formatDay, formatLongDay, formatValue, type ChartSeries } from '.';

afterEach(cleanup);

beforeAll(async () => {
  // jsdom has no ResizeObserver and measures nothing: the chart draws at its initial size.
  expect(typeof ResizeObserver).toBe('undefined');
  // Loaded once here, so the lazy chart resolves within the test's wait.
  await import('./StatsChart');
  await import('./ColourCharts');
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
    const chart = await screen.findByRole('img', { name: 'Blast per Hari' });
    await waitFor(() => expect(chart.querySelector('[data-series="success"]')).not.toBeNull());
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

const income: ChartSeries[] = [
  { key: 'blastIncome', label: STATS_TEXT.blastIncome, tone: 'brand', stack: 'money', unit: 'rupiah' },
  { key: 'bonus', label: STATS_TEXT.bonus, tone: 'amber', stack: 'money', unit: 'rupiah' },
];
const incomeDays = [
  { day: '2026-11-22', blastIncome: 25000, bonus: 0 },
  { day: '2026-11-23', blastIncome: 1500, bonus: 75000 },
];

async function renderIncome() {
  render(
    <ChartCard
      testId="income"
      title="Pendapatan per Hari"
      label="Pendapatan per Hari"
      query={ready}
      xKey="day"
      series={income}
      data={incomeDays}
      formatX={formatDay}
      formatTooltipX={formatLongDay}
    />,
  );
  return screen.findByRole('img', { name: 'Pendapatan per Hari' });
}

describe('chart texts', () => {
  it('writes days, short amounts and the series names as text, in the chosen language', async () => {
    await renderIncome();
    const card = screen.getByTestId('income');
    for (const day of incomeDays) expect(within(card).getByText(formatDay(day.day))).toBeTruthy();
    // The value axis: rounded amounts ('80 rb'), the largest at the top.
    expect(within(card).getByText('80 rb')).toBeTruthy();
    expect(within(card).getByText(STATS_TEXT.blastIncome)).toBeTruthy();
    expect(within(card).getByText(STATS_TEXT.bonus)).toBeTruthy();
  });

  it("the arrow keys walk the days and read out each day's amounts, outside the picture", async () => {
    const chart = await renderIncome();
    act(() => chart.focus());
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    const spoken = screen.getByText(formatLongDay('2026-11-23')).closest('[aria-live]');
    expect(spoken?.getAttribute('aria-live')).toBe('polite');
    expect(chart.contains(spoken!)).toBe(false);
    expect(spoken!.textContent).toContain('Rp 75.000');
    expect(spoken!.textContent).toContain('Rp 1.500');
    fireEvent.keyDown(chart, { key: 'Escape' });
    expect(screen.queryByText(formatLongDay('2026-11-23'))).toBeNull();
  });

  it("shows the pointed day's amounts", async () => {
    const chart = await renderIncome();
    // jsdom lays nothing out: the chart is 320 px wide from x = 0, its plot from 44 to 312. It has no
    // PointerEvent either: a mouse event of the pointer's type carries the position.
    fireEvent(chart, new MouseEvent('pointermove', { bubbles: true, clientX: 60, clientY: 100 }));
    expect(screen.getByText(formatLongDay('2026-11-22'))).toBeTruthy();
    expect(screen.getByText('Rp 25.000')).toBeTruthy();
    fireEvent.pointerLeave(chart);
    expect(screen.queryByText(formatLongDay('2026-11-22'))).toBeNull();
  });
});

describe('ColourBarChart', () => {
  it('is a named picture with a bar per stage in its own colour', async () => {
    render(
      <ColourBarChart
        label="Funnel Pengiriman"
        valueLabel="Pesan"
        bars={[
          { key: 'sent', label: 'Terkirim', value: 12, color: '#465fff' },
          { key: 'read', label: 'Dibaca', value: 9, color: '#12b76a' },
        ]}
      />,
    );
    const chart = await screen.findByRole('img', { name: 'Funnel Pengiriman' });
    const bars = [...chart.querySelectorAll('[data-series="value"]')];
    expect(bars.map((bar) => bar.getAttribute('data-value'))).toEqual(['12', '9']);
    expect(bars.map((bar) => bar.querySelector('path')?.getAttribute('fill'))).toEqual([
      '#465fff',
      '#12b76a',
    ]);
    expect(within(chart).getByText('Terkirim')).toBeTruthy();
  });
});

describe('formatValue', () => {
  it('writes money as rupiah and rates as percent', () => {
    expect(formatValue(25000, 'rupiah')).toBe('Rp 25.000');
    expect(formatValue(87.5, 'percent')).toBe('87,5%');
    expect(formatValue(1234)).toBe('1.234');
  });
});
