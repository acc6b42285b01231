import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, UI_PANEL, type Role, type TemplateRow } from '@blaster/contract';
import { aUser } from '../../../test/users';
import { TemplateReviewPage } from './TemplateReviewPage';

const aTemplate = (id: number, changes: Partial<TemplateRow> = {}): TemplateRow => ({
  id,
  media: null,
  text: `Promo ${id}`,
  text_wa: `Promo ${id}`,
  button: [],
  count_use: 0,
  status: 'active',
  category: 'marketing',
  review_state: 'pending',
  review_reason: null,
  reviewed_at: null,
  quality: null,
  pacing: 'first_batch',
  pause_reason: null,
  feedback: { sends: 0, blocks: 0, reports: 0, opt_outs: 0 },
  ...changes,
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const meta = { page: 1, totalPages: 1, total: 2, totalCapped: false };

let rows: TemplateRow[] = [];
const decisions: { id: string; body: unknown }[] = [];
const fetch = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith(ENDPOINTS.messageReviewList.path)) return json({ data: rows, meta });
  const review = /\/api\/admin\/message\/(\d+)\/review$/.exec(url);
  if (review) {
    const body = JSON.parse(String(init?.body)) as { decision: string };
    decisions.push({ id: review[1]!, body });
    return json({ message: aTemplate(Number(review[1])), msg: 'OK' });
  }
  return json({});
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  decisions.length = 0;
  rows = [
    aTemplate(1),
    aTemplate(2, {
      review_state: 'approved',
      quality: 'red',
      pacing: 'paused',
      pause_reason: { key: 'templatePausedBlock', params: { template: 2, percent: 50, limit: 5 } },
      feedback: { sends: 40, blocks: 20, reports: 0, opt_outs: 0 },
    }),
  ];
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function openQueue(role: Role) {
  Cookies.set('user', JSON.stringify(aUser({ role })));
  const router = createMemoryRouter([{ path: '/message/review', element: <TemplateReviewPage /> }], {
    initialEntries: ['/message/review'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const rowOf = async (caption: string) => (await screen.findByText(caption)).closest('tr')!;

describe('the template review queue', () => {
  it('shows each template’s category, review state, quality and pacing, with a pause’s reason', async () => {
    openQueue('staff');
    const paused = await rowOf('Promo 2');
    expect(paused.querySelector('[data-review]')?.getAttribute('data-review')).toBe('approved');
    expect(paused.querySelector('[data-quality]')?.textContent).toBe(UI_PANEL['template.quality.red']);
    expect(paused.querySelector('[data-quality]')?.getAttribute('title')).toContain('40');
    expect(paused.querySelector('[data-pacing]')?.getAttribute('data-pacing')).toBe('paused');
    expect(paused.querySelector('[data-part="pause-reason"]')?.textContent).toBe(
      'Template #2 dijeda: 50% penerima batch pertamanya memblokir pengirim (batas 5%).',
    );
    const pending = await rowOf('Promo 1');
    expect(pending.textContent).toContain(UI_PANEL['template.category.marketing']);
    expect(pending.querySelector('[data-quality]')?.textContent).toBe(UI_PANEL['template.quality.none']);
  });

  it('lets staff approve, and reject only with a reason', async () => {
    openQueue('staff');
    const pending = await rowOf('Promo 1');
    const reject = [...pending.querySelectorAll('button')].find(
      (button) => button.textContent === UI_PANEL['template.reject'],
    )!;
    expect(reject.hasAttribute('disabled')).toBe(true);
    fireEvent.change(pending.querySelector('input')!, { target: { value: 'Tanpa nama pengirim' } });
    expect(reject.hasAttribute('disabled')).toBe(false);
    fireEvent.click(reject);
    await waitFor(() =>
      expect(decisions).toEqual([{ id: '1', body: { decision: 'reject', reason: 'Tanpa nama pengirim' } }]),
    );
    const approve = [...pending.querySelectorAll('button')].find(
      (button) => button.textContent === UI_PANEL['template.approve'],
    )!;
    fireEvent.click(approve);
    await waitFor(() => expect(decisions.at(-1)).toEqual({ id: '1', body: { decision: 'approve' } }));
  });

  it('shows dev the queue without the decision', async () => {
    openQueue('dev');
    const pending = await rowOf('Promo 1');
    expect(pending.querySelectorAll('button')).toHaveLength(0);
    expect(document.body.textContent).toContain(UI_PANEL['template.reviewOnlyStaff']);
  });
});
