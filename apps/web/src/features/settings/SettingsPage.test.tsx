import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, MESSAGE_TEXT, type SettingRow } from '@blaster/contract';
import { aUser } from '../../test/users';
import { SettingsPage } from './SettingsPage';

const stored: SettingRow = {
  interval_min: 5,
  interval_max: 10,
  price: 100,
  bank_names: 'BCA,BNI',
  colors: '#000000',
  referral_percent: 10,
  info: 'Selamat datang',
  sends_per_minute: null,
  daily_sends_per_account: null,
  quiet_start: null,
  quiet_end: null,
  pause_fail_window: null,
  pause_fail_percent: null,
  pause_on_suspend: false,
  require_consent: false,
  template_first_batch: 50,
  template_feedback_minutes: 30,
  template_block_percent: 5,
  template_report_percent: 2,
  template_opt_out_percent: 5,
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fetch = vi.fn(async (url: string, init?: RequestInit) =>
  url.startsWith(ENDPOINTS.settingUpdate.path)
    ? json({ setting: { ...stored, ...JSON.parse(String(init?.body)) }, msg: 'OK' })
    : json({ setting: stored }),
);
const saves = () =>
  fetch.mock.calls
    .filter(([url]) => url.startsWith(ENDPOINTS.settingUpdate.path))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

// Each label carries the required field's mark after its text.
const FIRST_BATCH = /^Batch Pertama \(jumlah tujuan\)/;
const WAIT = /^Tunggu Umpan Balik \(menit\)/;
const BLOCKS = /^Jeda Template: Persentase Blokir/;
const REPORTS = /^Jeda Template: Persentase Laporan/;

const valueOf = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the settings' template pacing", () => {
  it('shows the stored pacing, refuses values out of range, and saves a new first batch', async () => {
    const router = createMemoryRouter([{ path: '/settings', element: <SettingsPage /> }], {
      initialEntries: ['/settings'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(((await screen.findByLabelText(FIRST_BATCH)) as HTMLInputElement).value).toBe('50');
    expect(valueOf(WAIT)).toBe('30');
    expect(valueOf(REPORTS)).toBe('2');

    type(FIRST_BATCH, '-1');
    type(BLOCKS, '101');
    type(WAIT, '0');
    fireEvent.click(screen.getByRole('button', { name: MESSAGE_TEXT.save }));
    expect(await screen.findByText(MESSAGE_TEXT.templateFirstBatchRange)).toBeTruthy();
    expect(screen.getByText(MESSAGE_TEXT.templatePercentRange)).toBeTruthy();
    expect(screen.getByText(MESSAGE_TEXT.templateFeedbackMinutesRange)).toBeTruthy();
    expect(saves()).toEqual([]);

    type(FIRST_BATCH, '25');
    type(BLOCKS, '5');
    type(WAIT, '45');
    fireEvent.click(screen.getByRole('button', { name: MESSAGE_TEXT.save }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      template_first_batch: 25,
      template_feedback_minutes: 45,
      template_block_percent: 5,
      template_report_percent: 2,
      template_opt_out_percent: 5,
    });
  });
});
