/**
 * The panel's and the API's texts in three catalogs: 'default' (the spec's own wording), 'en' and 'id'.
 * - core: languages, keys and reading them;
 * - ui-public, ui-account, ui: the panel's own default texts of the first page, of the other pages
 *   before signing in, and of the signed-in panel (each bundled with what shows it);
 * - default-catalog: MESSAGE_TEXT and those together;
 * - en, id: one module per language, so the panel downloads only the language it shows;
 * - catalogs: all of them, for the server and the tests.
 */
export * from './core';
export { MESSAGE_PARAMS } from './params';
export { UI_PUBLIC } from './ui-public';
export { UI_ACCOUNT } from './ui-account';
export { UI_PANEL } from './ui';
export { DEFAULT_CATALOG } from './default-catalog';
export { EN_CATALOG } from './en';
export { ID_CATALOG } from './id';
export { CATALOGS, renderMessage, translate } from './catalogs';
