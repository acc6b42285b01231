import clsx from 'clsx';
import { Languages } from 'lucide-react';
import { LANGUAGES, setLanguage, t, useLanguage, type Language } from '../../i18n';

/** Chooses the catalog every text comes from: the spec's wording (default), English or Indonesian. */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  return (
    <label
      className={clsx(
        'relative flex h-10 items-center rounded-full border border-gray-200 text-gray-500 hover:bg-gray-100 dark:border-gray-800 dark:text-gray-400 dark:hover:bg-white/5',
        className,
      )}
    >
      <Languages className="pointer-events-none absolute left-3 size-4" aria-hidden="true" />
      <span className="sr-only">{t('language.label')}</span>
      <select
        data-testid="language-switch"
        value={language}
        onChange={(event) => void setLanguage(event.target.value as Language)}
        className="h-full cursor-pointer appearance-none rounded-full bg-transparent pr-3 pl-9 text-sm text-gray-700 focus:outline-none dark:text-gray-300 [&>option]:text-gray-900"
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option}>
            {t(`language.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
