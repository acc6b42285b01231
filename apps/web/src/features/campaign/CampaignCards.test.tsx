import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CampaignsAnswer, RealtimeEvent, WhatsappRow } from '@blaster/contract';
import { setLanguage } from '../../i18n';
import { anAccount } from '../../test/accounts';

const handlers = new Map<string, Set<(message: RealtimeEvent) => void>>();
vi.mock('../../lib/realtime', () => ({
  subscribe: (name: string, handler: (message: RealtimeEvent) => void) => {
    const set = handlers.get(name) ?? new Set();
    handlers.set(name, set.add(handler));
    return () => set.delete(handler);
  },
}));
const { CampaignBoard } = await import('./CampaignCards');

const CHANNEL = '7';
const account = anAccount({ id: 5, user_id: 7, status: 'sending', count_success: 10, count_fail: 2 });
const answer: CampaignsAnswer = {
  pool_left: 100,
  templates: [],
  campaigns: [{ account, opted_out: 1, hold: null, paused_kind: null }],
};

/** One event on the member's channel, as the server publishes it. */
function emit(event: string, payload: Record<string, unknown>, row: WhatsappRow = account) {
  const message = {
    event,
    payload: { deviceId: row.clientid, date: new Date().toISOString(), ...payload },
    sender: { id: row.id, user_id: row.user_id, clientid: row.clientid },
  } as RealtimeEvent;
  act(() => handlers.get(CHANNEL)?.forEach((handler) => handler(message)));
}
const counted = (success: number, fail: number) =>
  emit('count_success', { count_success: success, count_fail: fail, income: 0, whatsapp: account });
const later = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function show(board: CampaignsAnswer = answer) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CampaignBoard answer={board} channel={CHANNEL} canControl refetch={async () => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(async () => {
  await setLanguage('en');
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  handlers.clear();
  await setLanguage('default');
  window.localStorage.clear();
});

describe('a campaign card', () => {
  it('follows the blast from its count events: progress, counts, targets left', () => {
    show();
    expect(text('campaign-done-5')).toBe('12 of 112 targets');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('11');
    counted(11, 2);
    counted(11, 3);
    expect(text('campaign-sent-5')).toBe('11');
    expect(text('campaign-failed-5')).toBe('3');
    expect(text('campaign-opted-5')).toBe('1');
    expect(text('campaign-left-5')).toBe('98');
    expect(text('campaign-done-5')).toBe('14 of 112 targets');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('13');
    expect(text('campaign-status-5')).toBe('Sending');
  });

  it('tells a rate from the sends of the last minutes, and the time left at that rate', () => {
    show();
    // One send alone tells no rate.
    counted(11, 2);
    expect(text('campaign-rate-5')).toBe('—');
    expect(text('campaign-eta-5')).toBe('—');
    later(30_000);
    counted(12, 2);
    later(30_000);
    counted(13, 2);
    // Two sends in the minute since the first: 2/min, and 97 targets left take 49 minutes.
    expect(text('campaign-rate-5')).toBe('2/min');
    expect(text('campaign-eta-5')).toBe('49 min');
    // No send for a while: the rate slows, the time left grows, then neither is known.
    later(60_000);
    expect(text('campaign-rate-5')).toBe('1/min');
    expect(text('campaign-eta-5')).toBe('1 h 37 min');
    later(5 * 60_000);
    expect(text('campaign-rate-5')).toBe('—');
    expect(text('campaign-eta-5')).toBe('—');
  });

  it('says why a held blast waits and until when, politely to screen readers, with no time left', () => {
    show();
    counted(11, 2);
    later(10_000);
    counted(12, 2);
    emit('waiting', {
      waitTime: 60,
      value: true,
      reason: 'Jam tenang: pengiriman dilanjutkan pukul 08:00.',
      hold: { key: 'governedQuietHours', params: { end: '08:00' } },
    });
    expect(text('campaign-status-5')).toBe('Held');
    const reason = screen.getByTestId('campaign-reason-5');
    expect(reason.textContent).toBe('Quiet hours until 08:00');
    expect(reason.getAttribute('aria-live')).toBe('polite');
    expect(text('campaign-eta-5')).toBe('—');
    // The next send ends the hold.
    emit('sending', { number: '628111' });
    expect(text('campaign-reason-5')).toBe('');
    expect(text('campaign-status-5')).toBe('Sending');
  });

  it('shows the hold the server found on load, before any event', () => {
    show({
      pool_left: 40,
      templates: [],
      campaigns: [
        { account, opted_out: 0, hold: { key: 'governedDailyCap', params: {} }, paused_kind: null },
      ],
    });
    expect(text('campaign-reason-5')).toBe('Daily send cap reached, resumes tomorrow at 00:00');
  });

  it('shows a blast paused by the failure rule with Resume, and says so when governance pauses one live', () => {
    const paused = anAccount({ id: 6, user_id: 7, paused_reason: 'Dijeda otomatis: 4 dari 5 ...' });
    show({
      pool_left: 40,
      templates: [],
      campaigns: [
        { account, opted_out: 0, hold: null, paused_kind: null },
        { account: paused, opted_out: 0, hold: null, paused_kind: 'fail_rate' },
      ],
    });
    expect(text('campaign-status-6')).toBe('Paused automatically');
    expect(text('campaign-reason-6')).toBe('Paused by the failure rule: too many of the latest sends failed');
    expect(screen.getAllByRole('button', { name: 'Resume' })).toHaveLength(1);
    emit('paused', { reason: 'x', kind: 'fail_rate', whatsapp: account });
    expect(text('campaign-status-5')).toBe('Paused automatically');
    expect(screen.getAllByRole('button', { name: 'Resume' })).toHaveLength(2);
  });

  it('leaves the board once no blast runs', () => {
    show();
    emit('finished', { state: 'connected' });
    expect(screen.queryByTestId('campaigns')).toBeNull();
  });
});
