import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import Cookies from 'js-cookie';
import { API, UI_PANEL } from '@blaster/contract';
import { aUser } from '../../../test/users';
import { WithdrawRequestForm } from './WithdrawRequestForm';

const fetch = vi.fn(async () => new Response(JSON.stringify({ msg: 'ok' }), { status: 200 }));
beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  Cookies.set('user', JSON.stringify(aUser()));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function show(user = aUser()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <WithdrawRequestForm user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the withdraw request', () => {
  it('shows where the money goes, with a link to change it, before anything is sent', () => {
    show(aUser({ account_bank: 'BCA', account_number: '1234567890', account_name: 'Sari Dewi' }));
    expect(screen.getByText('1234567890')).toBeTruthy();
    expect(screen.getByText('Sari Dewi')).toBeTruthy();
    expect(screen.getByRole('link', { name: UI_PANEL['withdraw.changeBank'] }).getAttribute('href')).toBe(
      '/profile?edit=1',
    );
  });

  it('says a missing bank account is missing, and where to add it', () => {
    show();
    expect(screen.getByRole('note').textContent).toContain(UI_PANEL['withdraw.bankMissing']);
    expect(screen.getByRole('link', { name: UI_PANEL['withdraw.addBank'] }).getAttribute('href')).toBe(
      '/profile?edit=1',
    );
  });

  it('asks for a quick amount in one tap', async () => {
    show(aUser({ account_bank: 'BCA', account_number: '1234567890', account_name: 'Sari Dewi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rp 100.000' }));
    expect((screen.getByLabelText(/Nominal/) as HTMLInputElement).value).toBe('100.000');
    fireEvent.click(screen.getByRole('button', { name: UI_PANEL['withdraw.request'] }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(API.withdrawRequest);
    expect(JSON.parse(String(init.body))).toMatchObject({ nominal: 100_000 });
  });
});
