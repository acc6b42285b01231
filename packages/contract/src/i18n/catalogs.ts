import { Message } from '../messages';
import { interpolate, type Catalog, type CatalogKey, type Language } from './core';
import { DEFAULT_CATALOG } from './default-catalog';
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

/** A message in the given language; blank values that are messages themselves are written in it too. */
export function renderMessage(message: Message, language: Language): string {
  if (language === 'default') return message.toString();
  const values = Object.fromEntries(
    Object.entries(message.params).map(([name, value]) => [
      name,
      value instanceof Message ? renderMessage(value, language) : value,
    ]),
  );
  return translate(language, message.key, values);
}
