import { languageFromHeader, translate, type Language } from '@blaster/contract';

/** Recipients read Indonesian unless their browser asks for English. */
export const pageLanguage = (header: string | undefined): Language =>
  languageFromHeader(header) === 'en' ? 'en' : 'id';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The number as the page shows it: enough to recognise one's own, not enough to learn someone's. */
export function maskNumber(number: string): string {
  const shown = number.length >= 10 ? 4 : 2;
  const last = number.length >= 10 ? 3 : 2;
  if (number.length <= shown + last) return '•'.repeat(number.length);
  return `${number.slice(0, shown)}${'•'.repeat(number.length - shown - last)}${number.slice(-last)}`;
}

// Inline styles only: the page loads nothing (the content security policy allows inline styles).
const STYLE = `body{font-family:system-ui,sans-serif;background:#f9fafb;color:#101828;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto;background:#fff;border:1px solid #e4e7ec;border-radius:12px;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 1rem}p{line-height:1.5}
button{background:#465fff;color:#fff;border:0;border-radius:8px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}`;

function page(language: Language, body: string) {
  const title = escape(translate(language, 'optOutPageTitle'));
  return `<!doctype html>
<html lang="${language === 'en' ? 'en' : 'id'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title><style>${STYLE}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** The opt-out page: whose number, and the one button (the form posts to the page's own address). */
export function optOutPage(language: Language, number: string) {
  const question = translate(language, 'optOutPageQuestion', { number: maskNumber(number) });
  const button = translate(language, 'optOutPageButton');
  return page(
    language,
    `<p>${escape(question)}</p><form method="post"><button type="submit">${escape(button)}</button></form>`,
  );
}

/** After the button: the number is on the suppression list. */
export function confirmationPage(language: Language, number: string) {
  return page(
    language,
    `<p>${escape(translate(language, 'optOutPageDone', { number: maskNumber(number) }))}</p>`,
  );
}

const plainPage = (language: Language, text: string) =>
  `<!doctype html>\n<html lang="${language === 'en' ? 'en' : 'id'}"><head><meta charset="utf-8">` +
  `<meta name="robots" content="noindex"><title>${escape(text)}</title></head><body><p>${escape(text)}</p></body></html>`;

/** A code that is not one of ours (forged, altered, or its message gone): nothing else is told. */
export const notFoundPage = (language: Language) => plainPage(language, translate(language, 'linkNotFound'));
export const tooManyPage = (language: Language) =>
  plainPage(language, translate(language, 'linkTooManyTries'));
