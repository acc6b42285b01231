import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGE_TEXT as MSG, bonusCreateSchema, type BonusCreate } from '@blaster/contract';
import { MoneyField } from './MoneyInput';
import { setLanguage } from '../i18n';

afterEach(cleanup);

function BonusForm({
  onSave,
  nominal = '',
}: {
  onSave(body: unknown): void;
  nominal?: BonusCreate['nominal'];
}) {
  const { control, handleSubmit, reset } = useForm<BonusCreate>({
    resolver: zodResolver(bonusCreateSchema),
    defaultValues: { nominal, reason: 'Hadiah', userId: 7 },
  });
  return (
    <form onSubmit={handleSubmit((body) => onSave(body))} noValidate>
      <MoneyField control={control} name="nominal" id="nominal" label="Nominal" />
      <button type="submit">Kirim</button>
      <button type="button" onClick={() => reset({ nominal: 125_000, reason: 'Hadiah', userId: 7 })}>
        Muat
      </button>
    </form>
  );
}

const input = () => screen.getByLabelText(/Nominal/) as HTMLInputElement;
const amountLine = () => screen.getByTestId('nominal-amount').textContent;

describe('MoneyField', () => {
  it("spells out '50.000' as Rp 50.000 while typing and saves 50000", async () => {
    const onSave = vi.fn();
    render(<BonusForm onSave={onSave} />);
    expect(amountLine()).toBe(MSG.moneyExample);
    fireEvent.change(input(), { target: { value: '50.000' } });
    expect(amountLine()).toBe('Rp 50.000');
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ nominal: 50_000 });
  });

  it('reads plain digits too and tidies them on leaving the field', async () => {
    const onSave = vi.fn();
    render(<BonusForm onSave={onSave} />);
    fireEvent.change(input(), { target: { value: '50000' } });
    expect(amountLine()).toBe('Rp 50.000');
    fireEvent.blur(input());
    expect(input().value).toBe('50.000');
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ nominal: 50_000 });
  });

  it("reads English grouping ('50,000') and tidies to it when the panel is in English", async () => {
    await setLanguage('en');
    try {
      const onSave = vi.fn();
      render(<BonusForm onSave={onSave} />);
      fireEvent.change(input(), { target: { value: '50,000' } });
      fireEvent.blur(input());
      expect(input().value).toBe('50,000');
      fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
      expect(onSave.mock.calls[0]![0]).toMatchObject({ nominal: 50_000 });
    } finally {
      await setLanguage('default');
      window.localStorage.clear();
    }
  });

  it("refuses '50,5' with the field's message and saves nothing", async () => {
    const onSave = vi.fn();
    render(<BonusForm onSave={onSave} />);
    fireEvent.change(input(), { target: { value: '50,5' } });
    expect(amountLine()).toBe(MSG.moneyInvalid);
    fireEvent.blur(input());
    expect(input().value).toBe('50,5');
    fireEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    await screen.findByText(MSG.bonusNominalRequired);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe('nominal-amount nominal-error');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a loaded amount grouped, and follows a reset', async () => {
    render(<BonusForm onSave={() => undefined} nominal={10_000} />);
    expect(input().value).toBe('10.000');
    expect(amountLine()).toBe('Rp 10.000');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Muat' }));
    });
    expect(input().value).toBe('125.000');
    expect(amountLine()).toBe('Rp 125.000');
  });
});
