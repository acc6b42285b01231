import { Link, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { t } from '../../i18n';

/** Shown instead of a blank page when a screen fails to render. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-white p-6 text-center dark:bg-gray-900">
      <TriangleAlert className="mb-4 size-12 text-amber-500" aria-hidden="true" />
      <h1 className="mb-2 text-2xl font-semibold text-gray-800 dark:text-white/90">
        {t('errors.routeErrorTitle')}
      </h1>
      <p className="mb-2 max-w-md text-gray-600 dark:text-gray-400">{t('errors.routeErrorText')}</p>
      <p className="mb-8 max-w-md font-mono text-xs text-muted">{detail}</p>
      <Link
        to="/"
        reloadDocument
        className="rounded-lg bg-brand-500 px-5 py-3 text-sm font-medium text-white"
      >
        {t('common.backToDashboard')}
      </Link>
    </div>
  );
}
