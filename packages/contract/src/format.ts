import { CURRENCY, LOCALE } from './constants';

const rupiah = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Integer rupiah as 'Rp 10.000' (no decimals). */
export function formatRupiah(amount: number | null | undefined): string {
  return rupiah.format(Math.trunc(amount ?? 0)).replace(/\u00a0/g, ' ');
}
