import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { CATALOGS, MESSAGE_TEXT as MSG, UI_PANEL, type AbTestRow } from '@blaster/contract';
import { setLanguage } from '../../i18n';
import { anAccount } from '../../test/accounts';
import { aUser } from '../../test/users';
import { catalogText } from '../../test/catalog-text';
import { AbTestForm } from './components/AbTestForm';
import { AbTestResult } from './components/AbTestResult';

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
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
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

describe('the A/B test result', () => {
  it('shows each variant’s numbers and marks the winner with its margin, in English too', async () => {
    await setLanguage('en');
    render(<AbTestResult test={aTest()} />);
    const table = screen.getByRole('table', { name: catalogText('abtests.resultCaption', { id: '5' }, EN) });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Read rate' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('30%');
    expect(rows[1]!.textContent).not.toContain('Winner');
    expect(rows[2]!.textContent).toContain('42%');
    expect(rows[2]!.textContent).toContain(catalogText('abtests.winnerMargin', { points: '12' }, EN));
  });
});
