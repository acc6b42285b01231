import type { CatalogKey } from './i18n/core';
import { MESSAGE_PARAMS, type ParamKey } from './i18n/params';
import { MESSAGE_TEXT, type MessageKey } from './message-text';
import { Message, type MessageParam } from './message';

export { MESSAGE_TEXT, Message, type MessageKey, type MessageParam };

type MessageText = (typeof MESSAGE_TEXT)[MessageKey];
type MessageRef<T> = T extends (...args: infer A) => string
  ? (...args: { [I in keyof A]: A[I] | Message }) => Message
  : Message;
type MessageRefs = { readonly [K in MessageKey]: MessageRef<(typeof MESSAGE_TEXT)[K]> };

function messageRefs(): MessageRefs {
  const entries = (Object.keys(MESSAGE_TEXT) as MessageKey[]).map((key) => {
    const text: MessageText = MESSAGE_TEXT[key];
    if (typeof text === 'string') return [key, new Message(key, {}, text)] as const;
    const names: readonly string[] = MESSAGE_PARAMS[key as ParamKey];
    const write = text as (...args: MessageParam[]) => string;
    const ref = (...args: MessageParam[]) =>
      new Message(key, Object.fromEntries(names.map((name, i) => [name, args[i]!])), write(...args));
    return [key, ref] as const;
  });
  return Object.fromEntries(entries) as unknown as MessageRefs;
}

/** Every message by name: `MSG.forbidden`, `MSG.importDone(3)`. Rendered where it is sent. */
export const MSG = /* @__PURE__ */ messageRefs();

/**
 * Every message's key by name, for the contract's schemas: a validation issue carries the key as its
 * text, and the server or the panel writes it in the reader's language when it shows it.
 */
export const MESSAGE_KEY = /* @__PURE__ */ Object.fromEntries(
  Object.keys(MESSAGE_TEXT).map((key) => [key, key]),
) as { readonly [K in MessageKey]: K };

export const isMessageKey = (text: unknown): text is MessageKey =>
  typeof text === 'string' && Object.hasOwn(MESSAGE_TEXT, text);

/** Messages without blanks of the tables besides MSG (messageTable), by catalog key. */
const TABLE_MESSAGES = new Map<string, Message>();

/**
 * A table of texts kept beside MESSAGE_TEXT (a feature's own, catalog keys `prefix.name`) as messages
 * by key, with the table's shape: a text with blanks becomes a function whose arguments fill the
 * blanks `params` names, in order.
 */
export function messageTable<T extends Record<string, string | ((...args: never[]) => string)>>(
  prefix: string,
  texts: T,
  params: { [K in keyof T]?: readonly string[] } = {},
): { readonly [K in keyof T]: MessageRef<T[K]> } {
  const entries = Object.entries(texts).map(([name, text]) => {
    const key = `${prefix}.${name}` as CatalogKey;
    if (typeof text === 'string') {
      const message = new Message(key, {}, text);
      TABLE_MESSAGES.set(key, message);
      return [name, message] as const;
    }
    const names: readonly string[] = params[name] ?? [];
    const write = text as (...args: MessageParam[]) => string;
    const ref = (...args: MessageParam[]) =>
      new Message(key, Object.fromEntries(names.map((blank, i) => [blank, args[i]!])), write(...args));
    return [name, ref] as const;
  });
  return Object.fromEntries(entries) as { readonly [K in keyof T]: MessageRef<T[K]> };
}

/** The message a validation issue names by key (see MESSAGE_KEY); any other text stays as it is. */
export function issueMessage(text: string): Message | string {
  const message = isMessageKey(text) ? MSG[text] : TABLE_MESSAGES.get(text);
  return message instanceof Message ? message : text;
}

/** Per-field validation issues (keys, see MESSAGE_KEY) as the messages they name. */
export const issueMessages = (errors: Record<string, string>): Record<string, Message | string> =>
  Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, issueMessage(text)]));
