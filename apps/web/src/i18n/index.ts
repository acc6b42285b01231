/**
 * The panel's texts through i18next. Three catalogs from the contract: 'default' (the spec's wording),
 * 'en' and 'id'. The chosen one is remembered in localStorage, sets <html lang>, and travels to the
 * API as Accept-Language so the server answers in it too.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  CATALOGS,
  DEFAULT_LANGUAGE,
  LANGUAGE_LOCALES,
  LANGUAGES,
  MESSAGE_PARAMS,
  MSG as SPEC_MSG,
  STORAGE_LANGUAGE,
  formatRupiah as formatRupiahIn,
  isLanguage,
  translateMessage,
  type CatalogKey,
  type Language,
} from '@blaster/contract';

export { LANGUAGES, type CatalogKey, type Language };

function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_LANGUAGE);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: CATALOGS[language] }])),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  // Keys such as 'route./whatsapp' or 'audit.action.bonus.create' are flat, dots included.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; the texts go into JSX, toasts and dialogs as plain text.
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** The page's lang attribute: the spec's own wording is mostly Indonesian, as index.html says. */
const htmlLang = (language: Language) => (language === 'en' ? 'en' : 'id');
document.documentElement.lang = htmlLang(currentLanguage());

export async function setLanguage(language: Language) {
  window.localStorage.setItem(STORAGE_LANGUAGE, language);
  document.documentElement.lang = htmlLang(language);
  await i18n.changeLanguage(language);
}

/** The chosen language, re-rendering on a change. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}

/** A text of the chosen catalog; {{name}} blanks take `values`. Works outside components too. */
export function t(key: CatalogKey, values?: Record<string, unknown>): string {
  return i18n.t(key as never, values as never) as unknown as string;
}

/** A screen's title from the route table, in the chosen language. */
export const routeTitle = (route: { path: string; title: string }) => {
  const key = `route.${route.path}`;
  return i18n.exists(key) ? t(key as CatalogKey) : route.title;
};

/** A status or enum value in the chosen language (the spec's raw value by default); unknown values stay as they are. */
export function tValue(group: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const key = `${group}.${value}`;
  return i18n.exists(key) ? t(key as CatalogKey) : value;
}

/** A text the server or a contract schema wrote in the spec's wording, in the chosen language. */
export const translateText = (text: string) => translateMessage(text, currentLanguage());

/** The header the API reads the language from: '*' (any) asks for the spec's wording. */
export const acceptLanguage = () => {
  const language = currentLanguage();
  return language === 'default' ? '*' : language;
};

export const locale = () => LANGUAGE_LOCALES[currentLanguage()];
export const formatRupiah = (amount: number | null | undefined) => formatRupiahIn(amount, locale());
export const formatNumber = (value: number | null | undefined) =>
  new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(Math.trunc(value ?? 0));

type Messages = {
  [K in keyof typeof SPEC_MSG]: (typeof SPEC_MSG)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

/**
 * MSG in the chosen language, with MSG's own shape: `MSG.signInTitle`, `MSG.bonusHeader(amount)`.
 * Each read asks i18next, so a text read while rendering follows the language switch.
 */
export const MSG = {} as Messages;
for (const key of Object.keys(SPEC_MSG) as (keyof typeof SPEC_MSG)[]) {
  const names = (MESSAGE_PARAMS as Record<string, readonly string[]>)[key];
  Object.defineProperty(MSG, key, {
    enumerable: true,
    get: names
      ? () =>
          (...args: unknown[]) =>
            t(key, Object.fromEntries(names.map((name, i) => [name, args[i]])))
      : () => t(key),
  });
}
