import type { CatalogKey } from './i18n/core';

// Apart from the message tables (messages.ts): the panel's first page reads messages without loading
// every text of the spec.

/** A blank's value: a word or number, or another message (a stop reason inside "Blast … berhenti: …"). */
export type MessageParam = string | number | Message;

/**
 * A message named by its catalog key, with the values of its blanks: what the server answers with, so
 * it can be written in each reader's language when the answer is sent. Read as a string (a template,
 * a log line, JSON for a socket or a stored row) it is the spec's wording.
 */
export class Message {
  constructor(
    readonly key: CatalogKey,
    readonly params: Readonly<Record<string, MessageParam>>,
    private readonly defaultText: string,
  ) {}

  toString() {
    return this.defaultText;
  }

  toJSON() {
    return this.defaultText;
  }
}
