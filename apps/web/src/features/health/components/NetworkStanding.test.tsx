import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { SenderReport } from '@blaster/contract';
import { NetworkStanding } from './NetworkStanding';

afterEach(cleanup);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const restrictedSender: SenderReport = {
  tier: 250,
  recipients: 250,
  recipientsLeft: 0,
  windowRollsInMs: 5 * HOUR,
  restricted: true,
  quality: 'green',
  flagged: false,
  perSecond: 80,
  sendsLeftNow: 80,
  atTierForMs: 3 * DAY,
  flaggedForMs: null,
  dropInMs: null,
  upgrade: { nextTier: 2_000, started: 250, needed: 125, eligibleInMs: 4 * DAY, qualityOk: true },
  days: [6, 5, 4, 3, 2, 1, 0].map((ago) => ({
    endedAgoMs: ago * DAY,
    sent: ago === 0 ? 250 : 0,
    negative: 0,
  })),
};

describe('the network standing on the sender health page', () => {
  it('measures the 24 hours against the tier and says until when the sender is restricted', () => {
    render(<NetworkStanding standing={restrictedSender} />);
    const gauge = screen.getByRole('progressbar', { name: 'Penerima 24 jam terhadap batas tier' });
    expect(gauge.getAttribute('aria-valuenow')).toBe('100');
    expect(gauge.getAttribute('aria-valuetext')).toBe('250 dari 250 penerima');
    expect(screen.getByTestId('health-restricted').textContent).toMatch(/^Dibatasi sampai \d/);
    expect(screen.queryByTestId('health-flagged')).toBeNull();
  });

  it('lists what the next tier takes, ticking the conditions already met', () => {
    render(<NetworkStanding standing={restrictedSender} />);
    const next = screen.getByTestId('health-next-tier');
    expect(next.textContent).toContain('Tier berikutnya: 2.000 penerima unik per 24 jam');
    const conditions = within(next).getAllByRole('listitem');
    expect(conditions.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^○ 7 hari di tier ini \(sampai .+\) \(belum\)$/),
      '✓ Kualitas KUNING atau lebih baik (terpenuhi)',
      '✓ 250 dari 125 percakapan baru dalam 7 hari (setengah batas tier) (terpenuhi)',
    ]);
  });

  it('dates a flag and the tier drop it leads to, and shows no gauge at the unlimited tier', () => {
    render(
      <NetworkStanding
        standing={{
          ...restrictedSender,
          tier: null,
          recipientsLeft: null,
          restricted: false,
          quality: 'red',
          flagged: true,
          flaggedForMs: 2 * DAY,
          dropInMs: 5 * DAY,
          upgrade: null,
        }}
      />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('health-flagged').textContent).toMatch(
      /^Ditandai jaringan sejak .+: turun satu tier pada .+ bila tidak pulih$/,
    );
    expect(screen.getByTestId('health-quality').textContent).toContain('Kualitas: MERAH');
    expect(screen.queryByTestId('health-next-tier')).toBeNull();
  });
});
