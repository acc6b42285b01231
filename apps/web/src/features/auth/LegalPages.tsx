// First: this page's texts, before any module of it reads one.
import '../../i18n/account-texts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { t } from '../../i18n';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-white dark:bg-gray-900">
      <main className="mx-auto max-w-3xl px-6 py-10">
        <Link to="/signup" className="mb-10 inline-block">
          <Logo />
        </Link>
        <h1 className="mb-6 text-3xl font-semibold text-gray-800 dark:text-white/90">{title}</h1>
        <div className="space-y-4 text-sm leading-relaxed text-gray-700 dark:text-gray-300">{children}</div>
      </main>
    </div>
  );
}

export function TermsPage() {
  return (
    <LegalPage title={t('legal.termsTitle')}>
      <p>{t('legal.termsIntro')}</p>
      <ol className="list-decimal space-y-2 pl-5">
        <li>{t('legal.terms1')}</li>
        <li>{t('legal.terms2')}</li>
        <li>{t('legal.terms3')}</li>
        <li>{t('legal.terms4')}</li>
      </ol>
    </LegalPage>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title={t('legal.privacyTitle')}>
      <p>{t('legal.privacy1')}</p>
      <p>{t('legal.privacy2')}</p>
      <p>{t('legal.privacy3')}</p>
    </LegalPage>
  );
}
