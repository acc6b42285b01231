import { Construction } from 'lucide-react';
import { Breadcrumb } from '../../components/Breadcrumb';
import { t } from '../../i18n';

/** Screens of the route table that are not built yet name themselves instead of showing nothing. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <Breadcrumb title={title} />
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center dark:border-gray-700 dark:bg-white/[0.03]">
        <Construction className="mb-4 size-10 text-brand-500" aria-hidden="true" />
        <h2 className="mb-2 text-lg font-semibold text-gray-800 dark:text-white/90">{title}</h2>
        <p className="max-w-md text-sm text-muted">{t('placeholder.text')}</p>
      </div>
    </>
  );
}
