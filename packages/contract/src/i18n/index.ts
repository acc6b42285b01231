/**
 * The panel's and the API's texts in three catalogs: 'default' (the spec's own wording, mixed English
 * and Indonesian, exactly as MSG and the screens had it), 'en' and 'id'. Keys are shared by the server
 * and the panel; i18next on the panel reads these catalogs as they are ({{name}} marks a blank).
 */
import { MSG, type MessageKey } from '../messages';
import { MESSAGE_PARAMS, type ParamKey } from './params';
import { EN_MESSAGES } from './en-messages';
import { ID_MESSAGES } from './id-messages';
import { UI_DEFAULT, type UiKey } from './ui';
import { EN_UI } from './en-ui';
import { ID_UI } from './id-ui';

export { MESSAGE_PARAMS } from './params';
export type { UiKey } from './ui';

export const LANGUAGES = ['default', 'en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'default';
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export type CatalogKey = MessageKey | UiKey;
export type Catalog = Record<CatalogKey, string>;

const blank = (name: string) => `{{${name}}}`;

/** MSG as catalog text: a message with blanks is written by its function with {{name}} for each value. */
function messagesAsCatalog(): Record<MessageKey, string> {
  const entries = (Object.keys(MSG) as MessageKey[]).map((key) => {
    const value = MSG[key];
    if (typeof value === 'string') return [key, value] as const;
    const names = MESSAGE_PARAMS[key as ParamKey];
    return [key, (value as (...args: string[]) => string)(...names.map(blank))] as const;
  });
  return Object.fromEntries(entries) as Record<MessageKey, string>;
}

export const DEFAULT_CATALOG: Catalog = { ...messagesAsCatalog(), ...UI_DEFAULT };
export const EN_CATALOG: Catalog = { ...EN_MESSAGES, ...EN_UI };
export const ID_CATALOG: Catalog = { ...ID_MESSAGES, ...ID_UI };
export const CATALOGS: Record<Language, Catalog> = {
  default: DEFAULT_CATALOG,
  en: EN_CATALOG,
  id: ID_CATALOG,
};

/** Fills a catalog text's blanks. */
export function interpolate(text: string, values: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export function translate(language: Language, key: CatalogKey, values?: Record<string, unknown>): string {
  return interpolate(CATALOGS[language][key], values);
}

/** The BCP 47 tag a language formats dates and numbers with (and the page's lang attribute). */
export const LANGUAGE_LOCALES: Record<Language, string> = { default: 'id-ID', en: 'en-US', id: 'id-ID' };

// Reverse lookup: a text in the spec's wording back to its key (and blanks), so an answer the server
// builds from MSG can be given in another language in one place.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let exactTexts: Map<string, MessageKey> | null = null;
let patterns: { key: ParamKey; names: readonly string[]; pattern: RegExp }[] | null = null;

function lookupTables() {
  if (!exactTexts || !patterns) {
    exactTexts = new Map();
    patterns = [];
    const catalog = messagesAsCatalog();
    for (const key of Object.keys(catalog) as MessageKey[]) {
      if (key in MESSAGE_PARAMS) {
        const names = MESSAGE_PARAMS[key as ParamKey];
        const source = catalog[key]
          .split(/\{\{\w+\}\}/)
          .map(escapeRegExp)
          .join('([\\s\\S]*)');
        // A blank with little fixed text around it ('{{number}} is {{state}}') would catch unrelated
        // answers; those messages are the panel's own and never come back from the server.
        const fixedText = catalog[key].replace(/\{\{\w+\}\}/g, '');
        if (fixedText.length >= 8)
          patterns.push({ key: key as ParamKey, names, pattern: new RegExp(`^${source}$`) });
      } else if (!exactTexts.has(catalog[key])) exactTexts.set(catalog[key], key);
    }
    // Longer fixed text first, so 'Total : {{amount}}' never swallows a more specific message.
    patterns.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  }
  return { exactTexts, patterns };
}

/** The key and blank values of a text written in the spec's wording, when it is one of MSG's. */
export function findMessage(text: string): { key: MessageKey; values: Record<string, string> } | null {
  const { exactTexts, patterns } = lookupTables();
  const key = exactTexts.get(text);
  if (key) return { key, values: {} };
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}

/**
 * A text in the spec's wording (MSG) in the given language; any other text comes back unchanged. Blank
 * values that are themselves MSG texts (a stop reason inside 'Blast … berhenti: …') are translated too.
 */
export function translateMessage(text: string, language: Language): string {
  if (language === 'default') return text;
  const found = findMessage(text);
  if (!found) return text;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [name, translateMessage(value, language)]),
  );
  return translate(language, found.key, values);
}

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
