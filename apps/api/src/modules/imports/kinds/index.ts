import type { AnyImportKind, ImportKindName } from '../kind';
import { phoneNumberImport } from './phone-numbers';
import { proxyImport } from './proxies';
import { messageTemplateImport } from './templates';

/** Every kind of import by its name: each module brings its own, the pipeline serves them all alike. */
export const IMPORT_KINDS = {
  phone_numbers: phoneNumberImport,
  proxies: proxyImport,
  message_templates: messageTemplateImport,
} as const satisfies Record<ImportKindName, unknown>;

export type ImportKinds = typeof IMPORT_KINDS;

export const importKind = (name: ImportKindName) => IMPORT_KINDS[name] as AnyImportKind;
