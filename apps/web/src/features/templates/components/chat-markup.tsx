import type { ReactNode } from 'react';

/** The chat app's markers: *bold*, _italic_, ~strike~, hugging their text on one line. */
const MARKUP = /([*_~])(\S(?:[^\n]*?\S)?)\1/g;
const TAGS = { '*': 'strong', _: 'em', '~': 's' } as const;

/**
 * A chat text as the recipient's app shows it: markers become bold, italic and strike, everything
 * else stays text. React elements only, never HTML: a recipient's name or field holding markup is
 * shown as the characters it is.
 */
export function chatMarkup(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKUP)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const Tag = TAGS[match[1] as keyof typeof TAGS];
    nodes.push(<Tag key={match.index}>{match[2]}</Tag>);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
