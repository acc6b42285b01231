import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_MSG, UI_ACCOUNT, UI_PUBLIC } from '@blaster/contract';

const source = (path: string) => readFileSync(resolve(import.meta.dirname, '..', path), 'utf8');
const keysIn = (text: string) => [...text.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1]!);
const messagesIn = (text: string) => [...text.matchAll(/\bMSG\.(\w+)/g)].map((match) => match[1]!);

// MSG's texts come in two parts (PUBLIC_MSG before signing in, the rest with the panel's shell) and
// the panel's own texts in three parts (first page, other pages before signing in, the panel);
// a page that read a text of a part not loaded yet would show its key instead.
/** The first page, the error pages and what they share. */
const FIRST_PAGE_FILES = [
  'features/auth/SignInPage.tsx',
  'features/auth/AuthLayout.tsx',
  'features/errors/NotFoundPage.tsx',
  'features/errors/RouteErrorPage.tsx',
  'components/LanguageSwitch.tsx',
  'app/router.tsx',
  'app/guards.tsx',
  'components/form.tsx',
];

describe('texts loaded with their pages', () => {
  it('the first page, the error pages and what they share read only the first part', () => {
    for (const file of FIRST_PAGE_FILES)
      for (const key of keysIn(source(file)))
        expect(Object.keys(UI_PUBLIC), `${file}: ${key}`).toContain(key);
  });

  it('every page before signing in and what it shares read only the texts of MSG loaded with it', () => {
    const files = [
      ...FIRST_PAGE_FILES,
      'features/auth/SignUpPage.tsx',
      'features/auth/ResetPasswordPage.tsx',
      'features/auth/LegalPages.tsx',
      'lib/api.ts',
      'lib/session.ts',
    ];
    for (const file of files)
      for (const key of messagesIn(source(file)))
        expect(Object.keys(PUBLIC_MSG), `${file}: MSG.${key}`).toContain(key);
  });

  it('the sign-up, password-reset and legal pages read only the first two parts', () => {
    const known = [...Object.keys(UI_PUBLIC), ...Object.keys(UI_ACCOUNT)];
    for (const file of ['SignUpPage', 'ResetPasswordPage', 'LegalPages']) {
      const text = source(`features/auth/${file}.tsx`);
      expect(text, file).toContain("import '../../i18n/account-texts'");
      for (const key of keysIn(text)) expect(known, `${file}: ${key}`).toContain(key);
    }
  });
});
