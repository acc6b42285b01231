import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CampaignHold } from '@blaster/contract';
import { setLanguage, type Language } from '../../i18n';
import { anAccount } from '../../test/accounts';
import type { LiveRow } from '../whatsapp/live';
import { CampaignCard, type CampaignCardProps } from './CampaignCard';
import { formatEta } from './rate';

afterEach(async () => {
  cleanup();
  await setLanguage('default');
  window.localStorage.clear();
});

const sending: LiveRow = anAccount({ id: 9, status: 'sending', count_success: 1234, count_fail: 56 });

function show(overrides: Partial<CampaignCardProps> = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CampaignCard
        row={sending}
        facts={{ hold: null, pausedKind: null }}
        optedOut={7}
        left={8710}
        rate={12.5}
        canControl
        onStop={() => {}}
        onResume={() => {}}
        {...overrides}
      />
    </QueryClientProvider>,
  );
}
const text = (id: string) => screen.getByTestId(id).textContent;

const HOLDS: [CampaignHold, Record<'en' | 'id', string>][] = [
  [
    { key: 'governedQuietHours', params: { end: '08:00' } },
    { en: 'Quiet hours until 08:00', id: 'Jam tenang sampai pukul 08:00' },
  ],
  [
    { key: 'governedDailyCap', params: {} },
    {
      en: 'Daily send cap reached, resumes tomorrow at 00:00',
      id: 'Batas kiriman harian tercapai, dilanjutkan besok pukul 00:00',
    },
  ],
  [
    { key: 'governedMinuteCap', params: {} },
    {
      en: 'Per-minute send cap reached, resumes next minute',
      id: 'Batas kiriman per menit tercapai, dilanjutkan menit berikutnya',
    },
  ],
];

describe('a campaign card with realistic figures', () => {
  it('shows the pool, counts, rate and time left in the reader’s digits', async () => {
    await setLanguage('en');
    show();
    expect(text('campaign-done-9')).toBe('1,290 of 10,000 targets');
    expect(text('campaign-left-9')).toBe('8,710');
    expect(text('campaign-sent-9')).toBe('1,234');
    expect(text('campaign-failed-9')).toBe('56');
    expect(text('campaign-opted-9')).toBe('7');
    expect(text('campaign-rate-9')).toBe('12.5/min');
    // 8,710 targets at 12.5 a minute: 696.8 minutes.
    expect(text('campaign-eta-9')).toBe('11 h 37 min');
    const bar = screen.getByRole('progressbar', { name: 'Blast progress of 6281234567890' });
    expect(bar.getAttribute('aria-valuenow')).toBe('13');
    expect(screen.getByRole('button', { name: 'Stop (progress kept)' })).toBeTruthy();
  });

  it('writes them the Indonesian way', async () => {
    await setLanguage('id');
    show();
    expect(text('campaign-done-9')).toBe('1.290 dari 10.000 target');
    expect(text('campaign-rate-9')).toBe('12,5/menit');
    expect(text('campaign-eta-9')).toBe('11 j 37 mnt');
    expect(text('campaign-status-9')).toBe('Sedang mengirim');
  });

  for (const language of ['en', 'id'] as const)
    it(`names each hold and its end in words (${language})`, async () => {
      await setLanguage(language as Language);
      for (const [hold, words] of HOLDS) {
        show({ facts: { hold, pausedKind: null } });
        expect(text('campaign-reason-9')).toBe(words[language]);
        expect(text('campaign-eta-9')).toBe('—');
        cleanup();
      }
    });

  it('names a pause by the failure rule and by a suspension, with Resume, in both languages', async () => {
    const paused = { ...sending, status: 'idle' as const, paused_reason: 'Dijeda otomatis: ...' };
    await setLanguage('en');
    show({ row: paused, facts: { hold: null, pausedKind: 'fail_rate' } });
    expect(text('campaign-status-9')).toBe('Paused automatically');
    expect(text('campaign-reason-9')).toBe('Paused by the failure rule: too many of the latest sends failed');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    cleanup();
    await setLanguage('id');
    show({ row: paused, facts: { hold: null, pausedKind: 'suspended' } });
    expect(text('campaign-status-9')).toBe('Dijeda otomatis');
    expect(text('campaign-reason-9')).toBe('Dijeda karena akun disuspend oleh jaringan');
    expect(screen.getByRole('button', { name: 'Lanjutkan' })).toBeTruthy();
  });

  it('says a blast stopped from its card kept its progress', async () => {
    await setLanguage('en');
    show({ row: { ...sending, status: 'idle' } });
    expect(text('campaign-status-9')).toBe('Stopped, progress kept');
    expect(text('campaign-rate-9')).toBe('—');
  });
});

describe('the time left', () => {
  it('is a dash when unknown, and minutes, hours or days otherwise', async () => {
    await setLanguage('en');
    expect(formatEta(null)).toBe('—');
    expect(formatEta(30_000)).toBe('< 1 min');
    expect(formatEta(25 * 60_000)).toBe('25 min');
    expect(formatEta((50 * 60 + 4) * 60_000)).toBe('2 d 2 h');
  });
});
