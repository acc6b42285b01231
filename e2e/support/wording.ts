import { CATALOGS, LANGUAGE_LOCALES, type Catalog } from '@blaster/contract';

export type Shown = 'id' | 'en';

/** What a screen showed: its lines of text, and the role, path and language it was opened with. */
export interface Screen {
  role: string;
  path: string;
  language: Shown;
  lines: string[];
}

const wordsOf = (text: string) =>
  (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((word) => word.length >= 3);

function catalogWords(catalog: Catalog) {
  const words = new Set<string>();
  // A blank's name ({{amount}}) is never shown.
  for (const text of Object.values(catalog))
    for (const word of wordsOf(text.replace(/\{\{\s*\w+\s*\}\}/g, ' '))) words.add(word);
  return words;
}

/** Month and weekday names, long and short, as the language's locale writes them in dates. */
function calendarWords(language: Shown) {
  const locale = LANGUAGE_LOCALES[language];
  const words = new Set<string>();
  for (const style of ['long', 'short'] as const) {
    const months = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' });
    const days = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
    for (let i = 0; i < 12; i += 1)
      wordsOf(months.format(Date.UTC(2024, i, 15))).forEach((w) => words.add(w));
    for (let i = 0; i < 7; i += 1)
      wordsOf(days.format(Date.UTC(2024, 0, 1 + i))).forEach((w) => words.add(w));
  }
  return words;
}

/**
 * The words only one language uses: in the catalog of one language (and in its month and weekday
 * names) but in no text of the other. A screen in Indonesian showing an English-only word, or the
 * other way round, mixes languages. The loanwords and names both write alike (Blast, Template,
 * Whatsapp, Proxy, Email, Webhook…) are in both catalogs, so no list of exceptions is needed.
 */
function onlyIn(language: Shown, other: Shown) {
  const own = new Set([...catalogWords(CATALOGS[language]), ...calendarWords(language)]);
  const others = new Set([...catalogWords(CATALOGS[other]), ...calendarWords(other)]);
  return new Set([...own].filter((word) => !others.has(word)));
}
const FOREIGN: Record<Shown, Set<string>> = { id: onlyIn('en', 'id'), en: onlyIn('id', 'en') };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Every key of the catalogs that cannot pass for a word: the dotted ones ('common.action') and the
 * camel-cased ones ('signInTitle'). An all-lower-case key ('loading') reads as an English word, which
 * the check of the other language's words catches on an Indonesian screen.
 */
const KEYS = [...new Set(Object.values(CATALOGS).flatMap((catalog) => Object.keys(catalog)))]
  .filter((key) => key.includes('.') || /[A-Z]/.test(key))
  .sort((a, b) => b.length - a.length);
const RAW_KEY = new RegExp(`(?<![\\w./])(${KEYS.map(escape).join('|')})(?![\\w/]|\\.\\w)`, 'g');

/**
 * Figures written the other language's way: rupiah grouped 'Rp 10,000' or a percentage '12.50%' on an
 * Indonesian screen, 'Rp 10.000' or '12,50%' on an English one.
 */
const FOREIGN_FIGURES: Record<Shown, RegExp> = {
  id: /Rp\s?\d{1,3}(,\d{3})+(?![\d.,])|\d\.\d+\s?%/g,
  en: /Rp\s?\d{1,3}(\.\d{3})+(?![\d.,])|\d,\d+\s?%/g,
};

/**
 * The findings of every screen, one line each: "role path language: what in 'line'". A line the
 * shell shows on every screen is reported once, at the first screen that showed it. The parts of a
 * line that are data the server sent (`data`: names, templates, notes people typed in any language)
 * are not checked for words.
 */
export function findings(screens: Screen[], data: Set<string>): string[] {
  const found = new Map<string, string>();
  const report = (screen: Screen, what: string, line: string) => {
    const key = `${screen.language} ${what} ${line}`;
    if (!found.has(key))
      found.set(key, `${screen.role} ${screen.path} ${screen.language}: ${what} in '${line.slice(0, 160)}'`);
  };
  const typed = [...data].sort((a, b) => b.length - a.length);
  for (const screen of screens) {
    for (const line of screen.lines) {
      for (const match of line.matchAll(RAW_KEY)) report(screen, `key ${match[1]}`, line);
      for (const match of line.matchAll(FOREIGN_FIGURES[screen.language]))
        report(screen, `figure ${match[0]}`, line);
      // An address ('info@gmail.com', 'http://…') is no language's words either.
      const words = typed
        .reduce((rest, text) => rest.replaceAll(text, ' '), line)
        .replace(/\S+@\S+|\w+:\/\/\S+/g, ' ');
      for (const word of wordsOf(words)) if (FOREIGN[screen.language].has(word)) report(screen, word, line);
    }
  }
  return [...found.values()];
}

/**
 * Keeps the texts of the data the server sent that hold a word of only one language: what people
 * typed, which a screen shows as it is. Single lower-case identifiers ('pending', 'user.update') are
 * values the panel is to translate, not data, and are left out.
 */
export function addData(value: unknown, data: Set<string>) {
  if (typeof value === 'string') {
    if (/^[a-z][a-z0-9_.-]*$/.test(value)) return;
    for (const line of value.split('\n').map((text) => text.trim()))
      if (wordsOf(line).some((word) => FOREIGN.id.has(word) || FOREIGN.en.has(word))) data.add(line);
  } else if (Array.isArray(value)) value.forEach((item) => addData(item, data));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => addData(item, data));
}
