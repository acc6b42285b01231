import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import type { WithdrawRow } from '@blaster/contract';
import { routes } from '../app/router';
import { ImportResult } from '../components/ImportResult';
import { aUser } from '../test/users';
import { setLanguage } from '.';
import { LanguageBoundary } from './LanguageBoundary';
import './panel-texts';

const REQUEST: WithdrawRow = {
  id: 31,
  nominal: 50_000,
  status: 'requested',
  createdAt: '2026-03-01T10:00:00.000Z',
  userId: 9,
  User: {
    firstname: 'Budi',
    lastname: 'Santoso',
    account_bank: 'BCA',
    account_number: '1234567890',
    account_name: 'Budi Santoso',
  },
};

const fetchMock = vi.fn(async (url: string) => {
  const body = url.includes('/auth/validate')
    ? { isvalid: true }
    : url.includes('withdraw')
      ? { data: [REQUEST], meta: { page: 1, totalPages: 1, total: 1 } }
      : { data: [], meta: { page: 1, totalPages: 1, total: 0 } };
  return new Response(JSON.stringify(body), { status: 200 });
});
vi.stubGlobal('fetch', fetchMock);
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
vi.stubGlobal(
  'WebSocket',
  class {
    close() {}
  },
);

const switchTo = (language: 'en' | 'default') => act(() => setLanguage(language));

afterEach(async () => {
  cleanup();
  Cookies.remove('user');
  await setLanguage('default');
  window.localStorage.clear();
});

describe('a language switch reaches texts kept outside the render', () => {
  it("rewrites an import's result, its sentences with blanks included", async () => {
    render(
      <ImportResult
        createdCount={2}
        skipped={[{ number: '12', reason: 'x' }]}
        skippedCount={500}
        columns={[{ key: 'number', label: 'Nomor' }]}
        onDownloadCsv={() => {}}
        onDownloadJson={() => {}}
      />,
    );
    expect(screen.getByText('Total 2 nomor, berhasil didaftarkan.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Daftar nomor yang dilewatkan' })).toBeTruthy();

    await switchTo('en');

    expect(await screen.findByText('2 numbers registered in total.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Skipped numbers' })).toBeTruthy();
    expect(screen.queryByText('Total 2 nomor, berhasil didaftarkan.')).toBeNull();
  });

  it("rewrites the withdrawal requests' decisions and the question asked before one", async () => {
    // The screen loads on first use: its module is awaited here, not raced against the finder's timeout.
    await import('../features/withdraw/WithdrawRequestsPage');
    Cookies.set('user', JSON.stringify(aUser({ role: 'admin' })));
    const router = createMemoryRouter(routes, { initialEntries: ['/withdraw/requested'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LanguageBoundary>
          <RouterProvider router={router} />
        </LanguageBoundary>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Terima' })).toBeTruthy();

    await switchTo('en');

    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/Accept the withdrawal request of .+ from Budi Santoso\?/);
    expect(dialog.textContent).toContain('Yes, accept.');
    expect(dialog.textContent).not.toContain('Terima permintaan withdraw');
  });
});
