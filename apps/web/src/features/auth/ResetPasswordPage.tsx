// First: this page's texts, before any module of it reads one.
import '../../i18n/account-texts';
import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { t } from '../../i18n';

/** No self-service reset: passwords are reset by an admin (recorded in docs/decisions.md). */
export function ResetPasswordPage() {
  return (
    <AuthLayout>
      <h1 className="mb-3 text-3xl font-semibold text-gray-800 dark:text-white/90">{t('auth.resetTitle')}</h1>
      <p className="mb-6 text-sm leading-relaxed text-gray-600 dark:text-gray-400">{t('auth.resetText')}</p>
      <Link
        to="/signin"
        className="text-sm font-medium text-brand-500 hover:text-brand-600 dark:text-brand-400"
      >
        {t('auth.backToSignIn')}
      </Link>
    </AuthLayout>
  );
}
