import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { ENDPOINTS, type StatsSendersAnswer } from '@blaster/contract';
import { aUser } from '../../test/users';
import { SenderTiersChart } from './DashboardCharts';

beforeAll(async () => {
  // Loaded once here, so the lazy chart resolves within the test's wait.
  await import('../../components/charts/StatsChart');
}, 30_000);
beforeEach(() => Cookies.set('user', JSON.stringify(aUser({ role: 'admin' }))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Cookies.remove('user');
});

function showWith(answer: StatsSendersAnswer) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(answer));
    }),
  );
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SenderTiersChart />
    </QueryClientProvider>,
  );
  return { asked, view };
}

const tier = (limit: number | null, green: number, yellow = 0, red = 0, restricted = 0) => ({
  tier: limit,
  green,
  yellow,
  red,
  restricted,
});

describe("the dashboard's senders by tier and quality", () => {
  it('stacks each tier’s senders by quality, the unlimited tier named in words', async () => {
    const { asked } = showWith({
      tiers: [tier(250, 3, 1, 1, 2), tier(2_000, 2), tier(10_000, 0), tier(100_000, 0), tier(null, 1)],
    });
    const chart = await screen.findByRole('img', { name: 'Pengirim per Tier dan Kualitas' });
    expect(asked).toEqual([ENDPOINTS.statsSenders.path]);
    await waitFor(() => expect(chart.querySelector('[data-series="red"]')).not.toBeNull());
    expect(screen.getByTestId('chart-sender-tiers').getAttribute('data-state')).toBe('ready');
    expect(chart.textContent).toContain('Tanpa batas');
    expect(chart.textContent).toContain('10.000');
  });

  it('shows nothing where the network’s rules are not modelled', async () => {
    const { asked, view } = showWith({ tiers: null });
    await waitFor(() => expect(asked).toHaveLength(1));
    await waitFor(() => expect(view.container.innerHTML).toBe(''));
  });
});
