import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { API, MESSAGE_TEXT as MSG, UI_ACCOUNT, type User } from '@blaster/contract';
import { EditProfileModal } from './EditProfileModal';
import { aUser } from '../../test/users';

const user: User = aUser();

const fetch = vi.fn(async (url: string) => {
  const body = url === API.settingGet ? { setting: { bank_names: 'BCA' } } : { user };
  return new Response(JSON.stringify(body), { status: 200 });
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetch);
  fetch.mockClear();
  Cookies.set('user', JSON.stringify(user));
});
afterEach(() => {
  cleanup();
  Cookies.remove('user');
});

function open() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EditProfileModal user={user} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

const sent = () => {
  const call = fetch.mock.calls.find(([url]) => url === API.user(user.id)) as unknown as
    [string, RequestInit] | undefined;
  return call ? (JSON.parse(String(call[1].body)) as Record<string, unknown>) : undefined;
};
const currentPassword = () => screen.queryByLabelText(/Password saat ini/);

describe('the profile editor and the current password', () => {
  it('asks for the current password only once the password or the e-mail changes', () => {
    open();
    expect(currentPassword()).toBeNull();
    fireEvent.change(screen.getByLabelText(/Password baru/), { target: { value: 'sandi-baru-1' } });
    expect(currentPassword()).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Password baru/), { target: { value: '' } });
    expect(currentPassword()).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'baru@example.test' } });
    expect(currentPassword()).toBeTruthy();
  });

  it('sends nothing without it, then sends it with the new password', async () => {
    open();
    fireEvent.change(screen.getByLabelText(/Password baru/), { target: { value: 'sandi-baru-1' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.save }));
    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeTruthy();
    expect(sent()).toBeUndefined();

    fireEvent.change(currentPassword()!, { target: { value: 'rahasia-123' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.save }));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(sent()).toMatchObject({ password: 'sandi-baru-1', current_password: 'rahasia-123' });
  });

  it('saves a name change without asking for it', async () => {
    open();
    fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: 'Wulan' } });
    fireEvent.click(screen.getByRole('button', { name: MSG.save }));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(sent()!.firstname).toBe('Wulan');
    expect(sent()!.current_password).toBeUndefined();
  });
});

describe('the profile editor in the spec wording', () => {
  it('labels the name fields in words, never by their catalog keys', () => {
    open();
    expect(screen.getByLabelText(UI_ACCOUNT['auth.firstName'], { exact: false })).toBeTruthy();
    expect(screen.getByLabelText(UI_ACCOUNT['auth.lastName'], { exact: false })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/auth\.\w+/);
  });
});
