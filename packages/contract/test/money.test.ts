import { describe, expect, it } from 'vitest';
import { formatRupiah, groupDigits, parseRupiah } from '../src/format';
import { fieldErrors, registerBodySchema } from '../src/schemas/auth';
import { bonusCreateSchema, levelBodySchema, withdrawRequestSchema } from '../src/schemas/money';
import { settingSchema } from '../src/schemas/setting';
// Validation issues name their message by key.
import { MESSAGE_KEY as MSG } from '../src/messages';

describe('parseRupiah', () => {
  it.each([
    ['50.000', 50_000],
    ['50000', 50_000],
    ['Rp 1.250.000', 1_250_000],
    ['Rp1.250.000', 1_250_000],
    ['rp. 10.000', 10_000],
    ['IDR 7500', 7_500],
    ['50.000,-', 50_000],
    ['50.000,00', 50_000],
    ['  25.000  ', 25_000],
    ['50,000', 50_000],
    ['Rp 1,250,000', 1_250_000],
    ['0', 0],
    ['999', 999],
  ])('reads %j as %d', (text, amount) => {
    expect(parseRupiah(text)).toBe(amount);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['50,5', 'a decimal part'],
    ['50,50', 'cents'],
    ['1,250.000', 'mixed separators'],
    ['50,0000', 'a long English group'],
    ['1.5', 'a decimal point'],
    ['5.00', 'a short group'],
    ['50.0000', 'a long group'],
    ['.500', 'a leading dot'],
    ['50.', 'a trailing dot'],
    ['-5000', 'a sign'],
    ['5e3', 'an exponent'],
    ['lima ribu', 'words'],
    ['99999999999999999999', 'more than the safest integer'],
  ])('refuses %j (%s)', (text) => {
    expect(parseRupiah(text)).toBeNull();
  });

  it('reads back what it writes', () => {
    for (const amount of [0, 5, 50_000, 1_250_000, 12_345_678_901])
      expect(parseRupiah(groupDigits(amount))).toBe(amount);
    expect(groupDigits(50_000)).toBe('50.000');
    // English grouping, as the English panel's money fields show it, is read back too.
    for (const amount of [0, 5, 50_000, 1_250_000, 12_345_678_901])
      expect(parseRupiah(groupDigits(amount, 'en-US'))).toBe(amount);
    expect(groupDigits(50_000, 'en-US')).toBe('50,000');
    expect(formatRupiah(parseRupiah('50.000'))).toBe('Rp 50.000');
  });
});

describe('money fields on the server', () => {
  const bonus = { reason: 'Hadiah', userId: 3 };

  it('takes whole numbers and strings of digits', () => {
    expect(bonusCreateSchema.parse({ ...bonus, nominal: 50_000 }).nominal).toBe(50_000);
    expect(bonusCreateSchema.parse({ ...bonus, nominal: '50000' }).nominal).toBe(50_000);
  });

  it("refuses '50.000' instead of reading it as Rp 50", () => {
    const result = bonusCreateSchema.safeParse({ ...bonus, nominal: '50.000' });
    expect(fieldErrors(result.error!.issues)).toEqual({ nominal: MSG.bonusNominalRequired });
    expect(withdrawRequestSchema.safeParse({ userId: 3, nominal: '20.000' }).success).toBe(false);
    expect(levelBodySchema.safeParse({ name: 'A', blast_fee: '1.5', requirement_blast: 1 }).success).toBe(
      false,
    );
  });

  it('refuses fractions, empty fields and the minimums with the field message', () => {
    expect(fieldErrors(bonusCreateSchema.safeParse({ ...bonus, nominal: 50.5 }).error!.issues)).toEqual({
      nominal: MSG.bonusNominalRequired,
    });
    expect(bonusCreateSchema.safeParse({ ...bonus, nominal: '' }).success).toBe(false);
    expect(bonusCreateSchema.safeParse({ ...bonus, nominal: 0 }).success).toBe(false);
    expect(fieldErrors(withdrawRequestSchema.safeParse({ userId: 3, nominal: 9_999 }).error!.issues)).toEqual(
      { nominal: MSG.minWithdraw },
    );
    const setting = { interval_min: 1, interval_max: 2, bank_names: 'BCA', colors: '#000', info: 'x' };
    expect(settingSchema.parse({ ...setting, price: '1500', referral_percent: 0 }).price).toBe(1500);
    expect(settingSchema.safeParse({ ...setting, price: Number.NaN, referral_percent: 0 }).success).toBe(
      false,
    );
  });
});

describe('sign-up passwords', () => {
  it('say they do not match while other fields are still empty', () => {
    const result = registerBodySchema.safeParse({
      firstName: '',
      lastName: '',
      email: '',
      password: 'secret',
      password2: 'other',
      agreeToTerms: false,
    });
    expect(fieldErrors(result.error!.issues).password2).toBe(MSG.passwordsDoNotMatch);
  });

  it('do not complain while the confirmation is empty', () => {
    const result = registerBodySchema.safeParse({ password: 'secret', password2: '' });
    expect(fieldErrors(result.error!.issues).password2).toBe(MSG.confirmPasswordRequired);
  });
});
