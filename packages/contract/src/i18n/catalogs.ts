import { interpolate, type Catalog, type CatalogKey, type Language } from './core';
import { DEFAULT_CATALOG, findMessage } from './default-catalog';
import { EN_CATALOG } from './en';
import { ID_CATALOG } from './id';

/** Every catalog at once: for the server and the tests (the panel loads one language at a time). */
export const CATALOGS: Record<Language, Catalog> = {
  default: DEFAULT_CATALOG,
  en: EN_CATALOG,
  id: ID_CATALOG,
};

export function translate(language: Language, key: CatalogKey, values?: Record<string, unknown>): string {
  return interpolate(CATALOGS[language][key], values);
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
