import { CURRENCY, LOCALE } from './constants';

const rupiahFormats = new Map<string, Intl.NumberFormat>();
const rupiahFormat = (locale: string) => {
  let format = rupiahFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: CURRENCY,
      // 'Rp' in every language, not 'IDR'.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    rupiahFormats.set(locale, format);
  }
  return format;
};

/** Integer rupiah as 'Rp 10.000' (no decimals); another locale groups digits its own way. */
export function formatRupiah(amount: number | null | undefined, locale: string = LOCALE): string {
  return rupiahFormat(locale)
    .format(Math.trunc(amount ?? 0))
    .replace(/\u00a0/g, ' ')
    .replace(/^Rp(?=\d)/, 'Rp ');
}

const groupFormats = new Map<string, Intl.NumberFormat>();

/**
 * A whole number grouped the way the locale writes it, no currency: 50000 -> '50.000' (or '50,000' in
 * English), which `parseRupiah` reads back.
 */
export function groupDigits(amount: number, locale: string = LOCALE): string {
  let format = groupFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    groupFormats.set(locale, format);
  }
  return format.format(Math.trunc(amount));
}

/**
 * Reads an amount the way it is written in Indonesia: '50.000', '50000', 'Rp 1.250.000' and
 * '50.000,-' are whole rupiah, and so is English grouping ('50,000', '1,250,000'), which the English
 * panel shows; a decimal part ('50,5'), a misplaced dot ('5.00') or a sign is not an amount. Null when the text is not a whole rupiah amount (empty included).
 */
export function parseRupiah(text: string): number | null {
  const body = text
    .trim()
    .replace(/^(rp\.?|idr)\s*/i, '')
    .replace(/,(-|00?)$/, '');
  const grouped = /^\d{1,3}(\.\d{3})+$/.test(body) || /^\d{1,3}(,\d{3})+$/.test(body);
  if (!/^\d+$/.test(body) && !grouped) return null;
  const amount = Number(body.replaceAll(/[.,]/g, ''));
  return Number.isSafeInteger(amount) ? amount : null;
}
