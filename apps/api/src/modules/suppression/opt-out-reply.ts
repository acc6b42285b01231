/**
 * Whole replies that opt a recipient out, in Indonesian and English: the carriers' usual keywords
 * (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, UNREG) and the phrases people write instead.
 */
const OPT_OUT_PHRASES = [
  'stop',
  'stopall',
  'stop all',
  'unsubscribe',
  'unsub',
  'cancel',
  'end',
  'quit',
  'optout',
  'opt out',
  'unreg',
  'berhenti',
  'berhenti berlangganan',
  'stop berlangganan',
  'batal berlangganan',
  'jangan kirim lagi',
];

/** Politeness around the keyword ('berhenti ya', 'tolong berhenti', 'stop please') that does not change it. */
const COURTESIES = [
  'ya',
  'yah',
  'tolong',
  'mohon',
  'dong',
  'aja',
  'saja',
  'min',
  'kak',
  'gan',
  'sekarang',
  'terima kasih',
  'makasih',
  'please',
  'pls',
  'plz',
  'now',
  'thanks',
  'thank you',
];

const courtesy = `(?:${COURTESIES.join('|')})`;
const OPT_OUT = new RegExp(`^(?:${courtesy} )*(?:${OPT_OUT_PHRASES.join('|')})(?: ${courtesy})*$`);

/** Characters nobody sees: zero-width spaces and joiners, bidi controls, variation selectors. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Punctuation, symbols (emoji among them) and combining marks around or inside the words. */
const DECORATION = /[\p{P}\p{S}\p{M}]/gu;

/** The message's words in one form: compatibility forms folded (ＳＴＯＰ is STOP), lower case, single spaces. */
function words(text: string, decoration: string) {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(DECORATION, decoration)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * True when the whole reply asks for no more messages. A keyword inside a sentence ('jangan berhenti',
 * 'nonstop', 'kapan promo ini berhenti?') is not one. Punctuation is read both as nothing
 * ('S.T.O.P') and as a space ('stop,ya').
 */
export function isOptOutReply(text: string): boolean {
  return OPT_OUT.test(words(text, '')) || OPT_OUT.test(words(text, ' '));
}
