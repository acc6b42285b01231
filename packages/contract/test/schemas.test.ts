import { describe, expect, it } from 'vitest';
import { fieldErrors, loginBodySchema, registerBodySchema } from '../src/schemas/auth';
import { formatRupiah } from '../src/format';
import { splitList } from '../src/schemas/setting';
// Validation issues name their message by key.
import { MESSAGE_KEY as MSG } from '../src/messages';

const validForm = {
  firstName: 'Ani',
  lastName: 'Wijaya',
  email: 'ani@example.com',
  password: 'secret-123',
  password2: 'secret-123',
  referral_code: '',
  agreeToTerms: true,
};

describe('register form', () => {
  it('accepts a complete form', () => {
    expect(registerBodySchema.safeParse(validForm).success).toBe(true);
  });

  it('names each missing field with the spec text', () => {
    const result = registerBodySchema.safeParse({
      firstName: '',
      lastName: ' ',
      email: '',
      password: '',
      password2: '',
      agreeToTerms: false,
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      password2: MSG.confirmPasswordRequired,
      agreeToTerms: MSG.agreeToTermsRequired,
    });
  });

  it('reports mismatched passwords on the confirmation', () => {
    const result = registerBodySchema.safeParse({ ...validForm, password2: 'other' });
    expect(fieldErrors(result.error!.issues)).toEqual({ password2: MSG.passwordsDoNotMatch });
  });
});

describe('login form', () => {
  it('requires both fields with one message', () => {
    const result = loginBodySchema.safeParse({ email: '', password: '' });
    expect(result.error!.issues.map((issue) => issue.message)).toContain(MSG.loginRequired);
  });
});

describe('formatting', () => {
  it('shows rupiah without decimals', () => {
    expect(formatRupiah(10000)).toBe('Rp 10.000');
    expect(formatRupiah(1234567)).toBe('Rp 1.234.567');
    expect(formatRupiah(0)).toBe('Rp 0');
  });

  it('splits comma lists', () => {
    expect(splitList('BCA, MANDIRI, BRI')).toEqual(['BCA', 'MANDIRI', 'BRI']);
    expect(splitList('')).toEqual([]);
  });
});
