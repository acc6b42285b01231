import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { t } from '../i18n';

export function Breadcrumb({ title }: { title: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-gray-800 dark:text-white/90">{title}</h1>
      <nav aria-label={t('layout.breadcrumb')}>
        <ol className="flex items-center gap-1.5 text-sm">
          <li>
            <Link to="/" className="text-gray-500 hover:text-brand-500 dark:text-gray-400">
              {t('layout.home')}
            </Link>
          </li>
          <li className="flex items-center gap-1.5 text-gray-800 dark:text-white/90">
            <ChevronRight className="size-4 text-gray-400" aria-hidden="true" />
            {title}
          </li>
        </ol>
      </nav>
    </div>
  );
}
