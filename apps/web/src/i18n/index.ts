/**
 * The panel's texts from the contract's three catalogs: 'default' (the spec's wording, bundled with
 * the first page), 'en' and 'id' (each loaded on first use, with i18next). The chosen language is
 * remembered in localStorage, sets <html lang>, and travels to the API as Accept-Language so the
 * server answers in it too.
 */
import { useSyncExternalStore } from 'react';
import type { i18n as I18n } from 'i18next';
import type * as Engine from './engine';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_LOCALES,
  LANGUAGES,
  PUBLIC_MSG,
  STORAGE_LANGUAGE,
  UI_PUBLIC,
  formatRupiah as formatRupiahIn,
  interpolate,
  isLanguage,
  type Catalog,
  type CatalogKey,
  type Language,
  type MSG as SPEC_MSG,
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

const CATALOG_LOADERS: Record<Exclude<Language, 'default'>, () => Promise<{ catalog: Catalog }>> = {
  en: () => import('./catalog-en'),
  id: () => import('./catalog-id'),
};

let language: Language = storedLanguage();
/** i18next once a language other than the default has been chosen; null while the default is shown. */
let engine: I18n | null = null;
let engineModule: typeof Engine | null = null;
/**
 * The default catalog's panel texts, besides MSG: those of the screens before signing in at first,
 * the signed-in panel's once its shell has loaded (panel-texts.ts).
 */
const defaultTexts: Partial<Record<CatalogKey, string>> = { ...UI_PUBLIC };
export const addDefaultTexts = (texts: Partial<Record<CatalogKey, string>>) =>
  Object.assign(defaultTexts, texts);
const listeners = new Set<() => void>();

/** Loads i18next and the language's catalog when they are not here yet. */
async function prepare(target: Language) {
  if (target === 'default' || engine?.hasResourceBundle(target, 'translation')) return;
  const [loaded, { catalog }] = await Promise.all([import('./engine'), CATALOG_LOADERS[target]()]);
  engineModule = loaded;
  if (engine) engine.addResourceBundle(target, 'translation', catalog);
  else engine = loaded.createEngine(target, catalog);
}

/** The page's lang attribute: the spec's own wording is mostly Indonesian, as index.html says. */
const htmlLang = (chosen: Language) => (chosen === 'en' ? 'en' : 'id');

/** Makes the remembered language ready before the first render (a no-op for the default). */
export async function loadStoredLanguage() {
  document.documentElement.lang = htmlLang(language);
  try {
    await prepare(language);
  } catch {
    // The catalog could not be fetched: the spec's wording still reads well.
    language = DEFAULT_LANGUAGE;
  }
}

export async function setLanguage(next: Language) {
  window.localStorage.setItem(STORAGE_LANGUAGE, next);
  document.documentElement.lang = htmlLang(next);
  await prepare(next);
  if (engine && next !== 'default') await engine.changeLanguage(next);
  language = next;
  listeners.forEach((listener) => listener());
}

export const currentLanguage = (): Language => language;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The chosen language, re-rendering on a change. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage);
}

/** A text of the chosen catalog; {{name}} blanks take `values`. Works outside components too. */
export function t(key: CatalogKey, values?: Record<string, unknown>): string {
  if (engine && language !== 'default') return engine.t(key, values as never) as unknown as string;
  const text = defaultTexts[key];
  if (text !== undefined) return interpolate(text, values);
  // MSG's texts with blanks are read through MSG below, as functions.
  const message: unknown = defaultMessages[key as keyof typeof SPEC_MSG];
  return typeof message === 'string' ? message : key;
}

const hasKey = (key: string): key is CatalogKey => key in defaultTexts || key in defaultMessages;

/** A screen's title from the route table, in the chosen language. */
export const routeTitle = (route: { path: string; title: string }) => {
  const key = `route.${route.path}`;
  return hasKey(key) ? t(key) : route.title;
};

/** A status or enum value in the chosen language (the spec's raw value by default); unknown values stay as they are. */
export function tValue(group: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const key = `${group}.${value}`;
  return hasKey(key) ? t(key) : value;
}

/**
 * A text the server or a contract schema wrote in the spec's wording, in the chosen language; blank
 * values that are themselves such texts (a stop reason inside 'Blast … berhenti: …') too.
 */
export function translateText(text: string): string {
  if (language === 'default' || !engineModule) return text;
  const found = engineModule.findMessage(text);
  if (!found) return text;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [name, translateText(value)]),
  );
  return t(found.key, values);
}

/** The header the API reads the language from: '*' (any) asks for the spec's wording. */
export const acceptLanguage = () => (language === 'default' ? '*' : language);

export const locale = () => LANGUAGE_LOCALES[language];
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
 * Each read looks the text up again, so a text read while rendering follows the language switch; in
 * the spec's wording it is MSG itself. It holds the texts of the screens before signing in (PUBLIC_MSG)
 * at first and the whole of MSG once the signed-in panel's shell has loaded (panel-texts.ts).
 */
export const MSG = {} as Messages;
/** The spec's wording of the texts MSG above holds so far. */
const defaultMessages: Partial<typeof SPEC_MSG> = {};

export function addDefaultMessages(messages: Partial<typeof SPEC_MSG>) {
  for (const key of Object.keys(messages) as (keyof typeof SPEC_MSG)[]) {
    if (key in defaultMessages) continue;
    Object.defineProperty(defaultMessages, key, { enumerable: true, value: messages[key] });
    Object.defineProperty(MSG, key, {
      enumerable: true,
      get: () => {
        if (!engine || !engineModule || language === 'default') return defaultMessages[key];
        const names = (engineModule.MESSAGE_PARAMS as Record<string, readonly string[]>)[key];
        return names
          ? (...args: unknown[]) => t(key, Object.fromEntries(names.map((name, i) => [name, args[i]])))
          : t(key);
      },
    });
  }
}
addDefaultMessages(PUBLIC_MSG);

/**
 * A text table the contract keeps beside MSG (WEBHOOK_TEXT, STATS_TEXT…) in the chosen language, with
 * the table's own shape: each text is the catalog's `prefix.name`; a text with blanks is a function
 * whose arguments fill the blanks `params` names, in order.
 */
export function textTable<T extends Record<string, unknown>>(
  prefix: string,
  table: T,
  params: Partial<Record<keyof T, readonly string[]>> = {},
): T {
  const translated = {} as T;
  for (const name of Object.keys(table)) {
    const key = `${prefix}.${name}` as CatalogKey;
    const names = params[name as keyof T];
    Object.defineProperty(translated, name, {
      enumerable: true,
      get: names
        ? () =>
            (...args: unknown[]) =>
              t(key, Object.fromEntries(names.map((blank, i) => [blank, args[i]])))
        : () => t(key),
    });
  }
  return translated;
}
