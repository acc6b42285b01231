import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MESSAGE_TEXT as MSG } from '@blaster/contract';
import { SignUpPage } from './SignUpPage';

afterEach(cleanup);

describe('sign-up passwords', () => {
  it('say they do not match as soon as both are typed and differ, with every other field empty', () => {
    render(
      <MemoryRouter initialEntries={['/signup']}>
        <SignUpPage />
      </MemoryRouter>,
    );
    const password = screen.getByLabelText(/^Password/);
    const confirm = screen.getByLabelText(/^Confirm Password/);
    fireEvent.change(password, { target: { value: 'rahasia-1' } });
    expect(screen.queryByText(MSG.passwordsDoNotMatch)).toBeNull();
    fireEvent.change(confirm, { target: { value: 'rahasia-2' } });
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(confirm, { target: { value: 'rahasia-1' } });
    expect(screen.queryByText(MSG.passwordsDoNotMatch)).toBeNull();
  });
});
