import { formatRupiah, locale } from '../../i18n';
import type { ChartUnit } from './types';

// Numbers and dates the way the chosen language writes them.
const whole = {
  format: (value: number) => new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(value),
};
const compact = {
  format: (value: number) =>
    new Intl.NumberFormat(locale(), { notation: 'compact', maximumFractionDigits: 1 }).format(value),
};

/** A value as the tooltip says it: 'Rp 25.000', '1.234', '87,5%'. */
export function formatValue(value: number | null | undefined, unit: ChartUnit = 'count'): string {
  if (value === null || value === undefined) return '-';
  if (unit === 'rupiah') return formatRupiah(value);
  if (unit === 'percent') return `${value.toLocaleString(locale(), { maximumFractionDigits: 1 })}%`;
  return whole.format(value);
}

/** A value on an axis, short: '25 rb', '1,2 jt', '80%' (money too: the tooltip spells out the rupiah). */
export function formatTick(value: number, unit: ChartUnit = 'count'): string {
  if (unit === 'percent') return `${whole.format(value)}%`;
  return Math.abs(value) >= 1000 ? compact.format(value) : whole.format(value);
}

/** 'YYYY-MM-DD' (a calendar day of the app) as '23 Nov'. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString(locale(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** 'YYYY-MM-DD' as 'Senin, 23 November 2026'. */
export function formatLongDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!)).toLocaleDateString(locale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** An ISO instant as the hour of the app's time zone: '14.00'. */
export const hourFormatter = (timeZone: string) => (iso: string) =>
  new Date(iso).toLocaleTimeString(locale(), { hour: '2-digit', minute: '2-digit', timeZone });

/** An ISO instant as day and hour of the app's time zone: '23 Nov 14.00'. */
export const dayHourFormatter = (timeZone: string) => (iso: string) =>
  new Date(iso).toLocaleString(locale(), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });

/** True when no series has a value other than zero: the chart shows its empty state instead. */
export function isEmptyData(data: Record<string, unknown>[], keys: string[]): boolean {
  return !data.some((datum) => keys.some((key) => typeof datum[key] === 'number' && datum[key] !== 0));
}

/** A category's name cut to `max` characters for an axis ('Pelanggan yang…'); the tooltip keeps it whole. */
export const shortLabel = (name: string, max = 16) =>
  name.length > max ? `${name.slice(0, max - 1).trimEnd()}…` : name;
