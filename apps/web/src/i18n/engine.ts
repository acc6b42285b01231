import i18next from 'i18next';
import { DEFAULT_CATALOG, DEFAULT_LANGUAGE, type Catalog, type Language } from '@blaster/contract';

// Which values fill a message's blanks matters only in another language.
export { MESSAGE_PARAMS } from '@blaster/contract';

/**
 * i18next with the default catalog and the chosen language's, loaded together with that catalog on
 * first use of English or Indonesian: the spec's wording (the default) needs neither.
 */
export function createEngine(language: Language, catalog: Catalog) {
  const engine = i18next.createInstance();
  void engine.init({
    resources: { [DEFAULT_LANGUAGE]: { translation: DEFAULT_CATALOG }, [language]: { translation: catalog } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    // Keys such as 'route./whatsapp' or 'audit.action.bonus.create' are flat, dots included.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; the texts go into JSX, toasts and dialogs as plain text.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return engine;
}
