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
  Message,
  PUBLIC_MSG,
  STORAGE_LANGUAGE,
  UI_PUBLIC,
  formatRupiah as formatRupiahIn,
  groupDigits,
  interpolate,
  isLanguage,
  type Catalog,
  type CatalogKey,
  type Language,
  type MESSAGE_TEXT,
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
  // A table built while the catalog was on its way holds the spec's wording under the new language's
  // name (a request's texts read before the first render): it is built again.
  shown = null;
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
  await prepare(next);
  if (engine && next !== 'default') await engine.changeLanguage(next);
  language = next;
  // Changed with the texts, not while the catalog is on its way: the attribute names the language the
  // page is drawn in, for screen readers and for anyone waiting on the switch.
  document.documentElement.lang = htmlLang(next);
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
  // Messages with blanks are read through messages() below, as functions.
  const message: unknown = defaultMessages[key as keyof typeof MESSAGE_TEXT];
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
 * A text to show as it is, or, when it is a message's key (validation issues of the contract's
 * schemas carry one), that message in the chosen language.
 */
export function messageText(text: string): string {
  if (text in defaultTexts) return t(text as CatalogKey);
  const message: unknown = text in defaultMessages ? messages()[text as keyof Messages] : undefined;
  return typeof message === 'string' ? message : text;
}

/** A message of the contract (key and blanks) in the chosen language. */
export function messageIn(message: Message): string {
  const text: unknown = messages()[message.key as keyof Messages];
  // A message's blanks are kept in the order its text function takes them.
  const values = Object.values(message.params).map((value) =>
    value instanceof Message ? messageIn(value) : value,
  );
  if (typeof text === 'function') return (text as (...args: unknown[]) => string)(...values);
  return typeof text === 'string' ? text : String(message);
}

/** The header the API reads the language from: '*' (any) asks for the spec's wording. */
export const acceptLanguage = () => (language === 'default' ? '*' : language);

export const locale = () => LANGUAGE_LOCALES[language];
export const formatRupiah = (amount: number | null | undefined) => formatRupiahIn(amount, locale());
export const formatNumber = (value: number | null | undefined) => groupDigits(value ?? 0, locale());
/** A share of a whole (0 to 1) as a whole percent, in the language's way ('45%'). */
export const formatPercent = (fraction: number) =>
  new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.min(1, Math.max(0, fraction)),
  );
const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
/** A size in bytes in the largest unit under 1,000 of it, one decimal at most ('2,5 MB' in Indonesian). */
export function formatBytes(bytes: number) {
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale(), {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
/**
 * A figure with a fixed number of decimals: as the spec shows it ('12.50') in its own wording, with
 * the chosen language's decimal mark ('12,50' in Indonesian) otherwise.
 */
export const formatFixed = (value: number, digits: number) =>
  language === 'default'
    ? value.toFixed(digits)
    : new Intl.NumberFormat(locale(), {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);

export type Messages = {
  [K in keyof typeof MESSAGE_TEXT]: (typeof MESSAGE_TEXT)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

/**
 * The spec's wording of the messages loaded so far: those of the screens before signing in
 * (PUBLIC_MSG) at first, every one once the signed-in panel's shell has loaded (panel-texts.ts).
 */
const defaultMessages: Partial<typeof MESSAGE_TEXT> = {};
/** The messages in the chosen language, built once per language and set of loaded texts. */
let shown: { language: Language; size: number; table: Messages } | null = null;

export function addDefaultMessages(texts: Partial<typeof MESSAGE_TEXT>) {
  Object.assign(defaultMessages, texts);
}
addDefaultMessages(PUBLIC_MSG);

function messagesIn(target: Language): Messages {
  if (!engine || !engineModule || target === 'default') return defaultMessages as Messages;
  const params = engineModule.MESSAGE_PARAMS as Record<string, readonly string[]>;
  const entries = Object.keys(defaultMessages).map((key) => {
    const names = params[key];
    const text = names
      ? (...args: unknown[]) =>
          t(key as CatalogKey, Object.fromEntries(names.map((name, i) => [name, args[i]])))
      : t(key as CatalogKey);
    return [key, text] as const;
  });
  return Object.fromEntries(entries) as Messages;
}

/**
 * MSG in the chosen language, with MSG's own shape: `MSG.signInTitle`, `MSG.bonusHeader(amount)`.
 * Read it where the text is used (at render, in a handler): a table kept from before a language
 * switch keeps the old language. Components read it through useMessages.
 */
export function messages(): Messages {
  const size = Object.keys(defaultMessages).length;
  if (shown?.language !== language || shown.size !== size)
    shown = { language, size, table: messagesIn(language) };
  return shown.table;
}

/** MSG in the chosen language for a component: it renders again when the language changes. */
export function useMessages(): Messages {
  useLanguage();
  return messages();
}

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
