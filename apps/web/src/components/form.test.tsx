import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TextField } from './form';

afterEach(cleanup);

describe('TextField', () => {
  it('names the input by its label and reads its hint and error out with it', () => {
    const { rerender } = render(<TextField id="nominal" label="Nominal (Rp)" hint="Minimal Rp 50.000" />);
    const input = screen.getByLabelText(/Nominal \(Rp\)/);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('nominal-hint');
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(
      <TextField
        id="nominal"
        label="Nominal (Rp)"
        hint="Minimal Rp 50.000"
        error="Minimal withdraw 50.000"
      />,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('nominal-hint nominal-error');
    expect(screen.getByRole('alert').textContent).toBe('Minimal withdraw 50.000');
    expect(document.getElementById('nominal-error')?.textContent).toBe('Minimal withdraw 50.000');
  });

  it('marks required and optional fields, and lets a password be shown', () => {
    render(
      <>
        <TextField id="code" label="Kode Referal" optional />
        <TextField id="password" label="Password" password defaultValue="rahasia" />
      </>,
    );
    expect(screen.getByText('(opsional)')).toBeTruthy();
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
  });
});
