import { Link } from 'react-router';
import { t, useMessages } from '../../i18n';

export function NotFoundPage() {
  const MSG = useMessages();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-white p-6 text-center dark:bg-gray-900">
      <p className="mb-4 text-7xl font-bold text-brand-500">404</p>
      <h1 className="mb-3 text-2xl font-semibold text-gray-800 dark:text-white/90">
        {t('errors.errorTitle')}
      </h1>
      <p className="mb-8 max-w-md text-gray-600 dark:text-gray-400">{MSG.notFound}</p>
      <Link
        to="/"
        className="rounded-lg border border-gray-300 bg-white px-5 py-3 text-sm font-medium text-gray-700 shadow-xs hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-300"
      >
        {MSG.backToHome}
      </Link>
    </div>
  );
}
