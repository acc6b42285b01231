import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MESSAGE_TEXT as MSG } from '@blaster/contract';
import { SignUpPage } from './SignUpPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-up e-mail', () => {
  it('refuses an address without a proper domain before sending the form, as the server would', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter initialEntries={['/signup']}>
        <SignUpPage />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/^First Name/), { target: { value: 'Sari' } });
    fireEvent.change(screen.getByLabelText(/^Last Name/), { target: { value: 'Dewi' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'sari@contoh' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'rahasia-123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'rahasia-123' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: MSG.signUpButton }));
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
