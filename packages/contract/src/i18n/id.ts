import type { Catalog } from './core';
import { ID_MESSAGES } from './id-messages';
import { ID_UI } from './id-ui';

/** The Indonesian catalog, a module of its own so the panel loads it only when Indonesian is chosen. */
export const ID_CATALOG: Catalog = { ...ID_MESSAGES, ...ID_UI };
