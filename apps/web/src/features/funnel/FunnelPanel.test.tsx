import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { FunnelAnswer, FunnelGroup } from '@blaster/contract';
import { setLanguage } from '../../i18n';

const counts = {
  queued: 200,
  sent: 180,
  delivered: 150,
  read: 100,
  clicked: 25,
  replied: 12,
  failed: 20,
  opted_out: 3,
};
const answers: Record<FunnelGroup, FunnelAnswer> = {
  day: { by: 'day', total: counts, groups: [{ key: '2026-11-27', label: '2026-11-27', ...counts }] },
  account: { by: 'account', total: counts, groups: [{ key: '5', label: '6281200000005', ...counts }] },
  template: { by: 'template', total: counts, groups: [{ key: '1', label: 'Promo {name}', ...counts }] },
};
vi.mock('./api', () => ({
  useFunnel: (_owner: number | 'all', by: FunnelGroup) => ({ data: answers[by], isLoading: false }),
}));
// The charts load their library lazily; what is checked here is the stages beside them.
vi.mock('../../components/charts', async (original) => ({
  ...(await original<object>()),
  ColourBarChart: () => null,
  ColourLineChart: () => null,
}));
const { default: FunnelPanel } = await import('./FunnelPanel');

afterEach(async () => {
  cleanup();
  await setLanguage('default');
});

describe('the funnel panel', () => {
  it('shows the clicked stage after read, with its share of the queued messages', async () => {
    render(<FunnelPanel owner={7} />);
    const clicked = screen.getByTestId('funnel-clicked');
    expect(within(clicked).getByText('Diklik')).toBeTruthy();
    expect(screen.getByTestId('funnel-clicked-count').textContent).toBe('25');
    expect(clicked.textContent).toContain('13%');
    const order = [...document.querySelectorAll('[data-testid$="-count"]')].map((node) =>
      node.getAttribute('data-testid'),
    );
    expect(order.indexOf('funnel-clicked-count')).toBe(order.indexOf('funnel-read-count') + 1);
    // Every other stage keeps its number.
    expect(screen.getByTestId('funnel-read-count').textContent).toBe('100');
    expect(screen.getByTestId('funnel-opted_out-count').textContent).toBe('3');
  });

  it('shows the replied stage after clicked, with its share of the queued messages', () => {
    render(<FunnelPanel owner={7} />);
    const replied = screen.getByTestId('funnel-replied');
    expect(within(replied).getByText('Dibalas')).toBeTruthy();
    expect(screen.getByTestId('funnel-replied-count').textContent).toBe('12');
    expect(replied.textContent).toContain('6%');
    const order = [...document.querySelectorAll('[data-testid$="-count"]')].map((node) =>
      node.getAttribute('data-testid'),
    );
    expect(order.indexOf('funnel-replied-count')).toBe(order.indexOf('funnel-clicked-count') + 1);
  });

  it('names it in English too', async () => {
    await setLanguage('en');
    render(<FunnelPanel owner="all" />);
    expect(within(screen.getByTestId('funnel-clicked')).getByText('Clicked')).toBeTruthy();
    expect(within(screen.getByTestId('funnel-replied')).getByText('Replied')).toBeTruthy();
  });
});
