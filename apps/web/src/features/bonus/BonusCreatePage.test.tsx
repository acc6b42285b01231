import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { ENDPOINTS, MESSAGE_TEXT as MSG } from '@blaster/contract';
import { aUser } from '../../test/users';
import { BonusCreatePage } from './BonusCreatePage';

const WULAN = aUser({ id: 5, firstname: 'Wulan', lastname: 'Sari', email: 'wulan@example.test' });

/** The member list answers only when the test lets it: a slow server. */
let answerMembers: () => void = () => {};
const fetch = vi.fn(
  (url: string) =>
    new Promise<Response>((resolve) => {
      if (!url.startsWith(ENDPOINTS.members.path)) return resolve(new Response('{}', { status: 404 }));
      answerMembers = () => resolve(new Response(JSON.stringify({ users: [WULAN] }), { status: 200 }));
    }),
);

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

describe('the bonus form', () => {
  it('keeps the member it was opened for when Send is pressed before the member list arrives', async () => {
    const router = createMemoryRouter([{ path: '/bonus/create', element: <BonusCreatePage /> }], {
      initialEntries: ['/bonus/create?id=5'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const member = document.querySelector<HTMLSelectElement>('#bonus-member')!;
    expect(member.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: MSG.sendBonus }));
    await screen.findByText(MSG.bonusNominalRequired);

    await act(async () => answerMembers());
    await screen.findByText(/Wulan Sari/);
    expect(member.value).toBe('5');
  });
});
