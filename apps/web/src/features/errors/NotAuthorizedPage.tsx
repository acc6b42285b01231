import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { t } from '../../i18n';

export function NotAuthorizedPage() {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-gray-200 bg-white px-6 py-16 text-center dark:border-gray-800 dark:bg-white/[0.03]">
      <ShieldAlert className="mb-4 size-12 text-red-500" aria-hidden="true" />
      <h1 className="mb-2 text-2xl font-semibold text-gray-800 dark:text-white/90">
        {t('errors.notAuthorizedTitle')}
      </h1>
      <p className="mb-6 max-w-md text-gray-600 dark:text-gray-400">{t('errors.notAuthorizedText')}</p>
      <Link
        to="/"
        className="rounded-lg bg-brand-500 px-5 py-3 text-sm font-medium text-white hover:bg-brand-600"
      >
        {t('common.backToDashboard')}
      </Link>
    </div>
  );
}
