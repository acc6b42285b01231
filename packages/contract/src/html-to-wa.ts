/**
 * Converts the template editor's HTML caption to the chat app's formatting: bold *x*,
 * italic _x_, strike ~x~, a link becomes its text, a newline, then its URL; paragraphs and line
 * breaks become newlines. Works on plain strings so server and panel share it.
 */
export function htmlToWa(html: string): string {
  const decode = (text: string) =>
    text
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/&amp;/g, '&');
  let text = html
    .replace(/\r\n?/g, '\n')
    .replace(/\n/g, '')
    .replace(
      /<a\b[^>]*href\s*=\s*("([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a>/gi,
      (_m, _q, dq, sq, inner: string) => {
        const url = (dq ?? sq ?? '').trim();
        const label = inner.replace(/<[^>]*>/g, '').trim();
        return label && label !== url ? `${label}\n${url}` : url;
      },
    )
    .replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_m, _t, inner: string) => wrap(inner, '*'))
    .replace(/<(em|i)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_m, _t, inner: string) => wrap(inner, '_'))
    .replace(/<(s|del|strike)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_m, _t, inner: string) => wrap(inner, '~'))
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '');
  text = decode(text);
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

/** Markers hug the text: '<b> hi </b>' becomes ' *hi* ', as the chat app needs. */
function wrap(inner: string, marker: string) {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  return match[2] ? `${match[1]}${marker}${match[2]}${marker}${match[3]}` : inner;
}
