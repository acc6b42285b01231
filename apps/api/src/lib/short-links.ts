import { timingSafeEqual } from 'node:crypto';
import type { TokenService } from './tokens';

/**
 * A web address in a template's chat text. Punctuation that ends a sentence or closes chat markup
 * ('*bold*', '_italic_', a closing bracket) is left out: people write it after a link, not in it.
 */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}*_~]+$/;

/** Where the recipient's opt-out link goes in a template. */
export const OPT_OUT_PLACEHOLDER = '{optout}';

/** The web addresses of a template's text in order: a short link's index points into this list. */
export function urlsOf(text: string): string[] {
  return [...text.matchAll(URL_IN_TEXT)].map((match) => match[0].replace(TRAILING, ''));
}

/** What a short link's code stands for: a click on link `index` of message log `logId`, or its opt-out. */
export type LinkKind = 'click' | 'optout';
export interface DecodedLink {
  logId: number;
  index: number;
}

/** Bytes of the HMAC a code keeps: 72 bits, 12 base64url characters. */
const SIGNATURE_BYTES = 9;
const CODE = /^([0-9a-z]{1,11})-([0-9a-z]{1,3})-([A-Za-z0-9_-]{12})$/;
/** More links than this in one template are left as they are (the index stays short). */
const MAX_LINKS = 36 ** 3;

export interface ShortLinks {
  /** The template's text with each web address and {optout} replaced by this message's own links. */
  render(text: string, logId: number): string;
  /** The link a code names, or null when it was not signed by this server for that kind of link. */
  decode(kind: LinkKind, code: string): DecodedLink | null;
  /** The code of a link (tests and the sandbox network build what a recipient would open). */
  code(kind: LinkKind, logId: number, index: number): string;
  /** The path on this server a short link opens: /l/<code> or /u/<code>. */
  pathOf(kind: LinkKind, code: string): string;
}

/**
 * Per-recipient links without a row per send: a code is the message log's id and the link's index
 * (base36) signed with an HMAC under the server's token secret, so the redirect and the opt-out page
 * learn everything from the code itself and a forged or altered one is refused.
 */
export function createShortLinks(tokens: Pick<TokenService, 'mac'>, publicUrl: string): ShortLinks {
  const signature = (kind: LinkKind, logId: number, index: number) =>
    tokens.mac('short-link', `${kind}:${logId}:${index}`).subarray(0, SIGNATURE_BYTES);
  const code = (kind: LinkKind, logId: number, index: number) =>
    `${logId.toString(36)}-${index.toString(36)}-${signature(kind, logId, index).toString('base64url')}`;
  const pathOf = (kind: LinkKind, text: string) => `/${kind === 'click' ? 'l' : 'u'}/${text}`;
  return {
    code,
    pathOf,
    render(text, logId) {
      let index = 0;
      const linked = text.replace(URL_IN_TEXT, (match) => {
        const url = match.replace(TRAILING, '');
        if (index >= MAX_LINKS) return match;
        const short = `${publicUrl}${pathOf('click', code('click', logId, index))}`;
        index += 1;
        return short + match.slice(url.length);
      });
      if (!linked.includes(OPT_OUT_PLACEHOLDER)) return linked;
      return linked.replaceAll(
        OPT_OUT_PLACEHOLDER,
        `${publicUrl}${pathOf('optout', code('optout', logId, 0))}`,
      );
    },
    decode(kind, text) {
      const match = CODE.exec(text);
      if (!match) return null;
      const logId = parseInt(match[1]!, 36);
      const index = parseInt(match[2]!, 36);
      if (!Number.isSafeInteger(logId) || logId <= 0) return null;
      // The canonical spelling only: '0a' and 'a' would otherwise be two codes of one link.
      if (logId.toString(36) !== match[1] || index.toString(36) !== match[2]) return null;
      const given = Buffer.from(match[3]!, 'base64url');
      const expected = signature(kind, logId, index);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { logId, index };
    },
  };
}
