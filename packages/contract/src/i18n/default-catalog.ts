/**
 * The 'default' catalog: the spec's own wording, mixed English and Indonesian, exactly as MESSAGE_TEXT
 * and the screens have it.
 */
import { MESSAGE_TEXT, type MessageKey } from '../messages';
import type { Catalog } from './core';
import { MESSAGE_PARAMS, type ParamKey } from './params';
import { UI_DEFAULT } from './ui';

const blank = (name: string) => `{{${name}}}`;

/** MESSAGE_TEXT as catalog text: a message with blanks is written by its function with {{name}} for each value. */
function messagesAsCatalog(): Record<MessageKey, string> {
  const entries = (Object.keys(MESSAGE_TEXT) as MessageKey[]).map((key) => {
    const value = MESSAGE_TEXT[key];
    if (typeof value === 'string') return [key, value] as const;
    const names = MESSAGE_PARAMS[key as ParamKey];
    return [key, (value as (...args: string[]) => string)(...names.map(blank))] as const;
  });
  return Object.fromEntries(entries) as Record<MessageKey, string>;
}

export const DEFAULT_CATALOG: Catalog = { ...messagesAsCatalog(), ...UI_DEFAULT };
