import type { Catalog } from './core';
import { EN_MESSAGES } from './en-messages';
import { EN_UI } from './en-ui';

/** The English catalog, a module of its own so the panel loads it only when English is chosen. */
export const EN_CATALOG: Catalog = { ...EN_MESSAGES, ...EN_UI };
