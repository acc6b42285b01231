import clsx from 'clsx';
import { Languages } from 'lucide-react';
import { LANGUAGES, setLanguage, t, useLanguage, type Language } from '../i18n';

/** Chooses the catalog every text comes from: the spec's wording (default), English or Indonesian. */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  return (
    <label
      className={clsx(
        // On a phone the switch is its icon alone (the select covers it, unseen), so the header fits.
        'relative flex size-10 shrink-0 items-center justify-center rounded-full border border-gray-200 text-gray-500 focus-within:outline-2 focus-within:outline-brand-500 hover:bg-gray-100 sm:w-auto sm:justify-start dark:border-gray-800 dark:text-gray-400 dark:hover:bg-white/5',
        className,
      )}
    >
      <Languages className="pointer-events-none size-4 sm:absolute sm:left-3" aria-hidden="true" />
      <span className="sr-only">{t('language.label')}</span>
      <select
        data-testid="language-switch"
        value={language}
        onChange={(event) => void setLanguage(event.target.value as Language)}
        className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full bg-transparent text-sm text-gray-700 opacity-0 focus:outline-none sm:static sm:w-auto sm:pr-3 sm:pl-9 sm:opacity-100 dark:text-gray-300 [&>option]:text-gray-900"
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
