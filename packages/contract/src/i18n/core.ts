/**
 * The catalogs' languages and keys, and what reading them needs. Keys are shared by the server and the
 * panel; i18next on the panel reads the catalogs as they are ({{name}} marks a blank).
 */
import type { MessageKey } from '../message-text';
import type { UiKey } from './ui';

export const LANGUAGES = ['default', 'en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'default';
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export type CatalogKey = MessageKey | UiKey;
export type Catalog = Record<CatalogKey, string>;

/** Fills a catalog text's blanks. */
export function interpolate(text: string, values: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The BCP 47 tag a language formats dates and numbers with (and the page's lang attribute). */
export const LANGUAGE_LOCALES: Record<Language, string> = { default: 'id-ID', en: 'en-US', id: 'id-ID' };

/**
 * The language an Accept-Language header asks for: its most preferred range when that is English or
 * Indonesian (any region), otherwise the spec's wording. '*' or no header means the spec's wording.
 */
export function languageFromHeader(header: string | undefined | null): Language {
  if (!header) return 'default';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const primary = ranges[0]?.tag.split('-')[0];
  return primary === 'en' || primary === 'id' ? primary : 'default';
}

/** Where the panel remembers the chosen language. */
export const STORAGE_LANGUAGE = 'language';
