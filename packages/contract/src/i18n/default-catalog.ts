/**
 * The 'default' catalog: the spec's own wording, mixed English and Indonesian, exactly as MSG and the
 * screens had it; and the reverse lookup of a text in that wording back to its key.
 */
import { MSG, type MessageKey } from '../messages';
import type { Catalog } from './core';
import { MESSAGE_PARAMS, type ParamKey } from './params';
import { UI_DEFAULT, type UiKey } from './ui';

/** Keys of the texts besides MSG that the server writes into its answers. */
type ServerTextKey = Extract<UiKey, `webhook.${string}`>;
const isServerTextKey = (key: UiKey): key is ServerTextKey => key.startsWith('webhook.');

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

// Reverse lookup: a text in the spec's wording back to its key (and blanks), so an answer the server
// builds from MSG can be given in another language in one place.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let exactTexts: Map<string, MessageKey | ServerTextKey> | null = null;
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
    // The webhook screen's answers and field errors come from WEBHOOK_TEXT, not MSG.
    for (const key of Object.keys(UI_DEFAULT) as UiKey[])
      if (isServerTextKey(key) && !UI_DEFAULT[key].includes('{{') && !exactTexts.has(UI_DEFAULT[key]))
        exactTexts.set(UI_DEFAULT[key], key);
    // Longer fixed text first, so 'Total : {{amount}}' never swallows a more specific message.
    patterns.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  }
  return { exactTexts, patterns };
}

/**
 * The key and blank values of a text written in the spec's wording, when it is one of MSG's or of the
 * other tables the server answers with (WEBHOOK_TEXT).
 */
export function findMessage(
  text: string,
): { key: MessageKey | ServerTextKey; values: Record<string, string> } | null {
  const { exactTexts, patterns } = lookupTables();
  const key = exactTexts.get(text);
  if (key) return { key, values: {} };
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}
