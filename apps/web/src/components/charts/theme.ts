import clsx from 'clsx';

/**
 * Theme colours as CSS variables the charts read: the panel's brand, green and red, lighter on the
 * dark theme so they keep their contrast.
 */
export const THEME_VARS = clsx(
  '[--chart-success:var(--color-emerald-500)] dark:[--chart-success:var(--color-emerald-400)]',
  '[--chart-fail:var(--color-red-500)] dark:[--chart-fail:var(--color-red-400)]',
  '[--chart-brand:var(--color-brand-500)] dark:[--chart-brand:var(--color-brand-400)]',
  '[--chart-amber:var(--color-amber-500)] dark:[--chart-amber:var(--color-amber-400)]',
  '[--chart-sky:var(--color-sky-500)] dark:[--chart-sky:var(--color-sky-400)]',
  '[--chart-violet:var(--color-violet-500)] dark:[--chart-violet:var(--color-violet-400)]',
  '[--chart-pink:var(--color-pink-500)] dark:[--chart-pink:var(--color-pink-400)]',
  '[--chart-gray:var(--color-gray-400)] dark:[--chart-gray:var(--color-gray-500)]',
  '[--chart-grid:var(--color-gray-200)] dark:[--chart-grid:var(--color-gray-800)]',
  '[--chart-axis:var(--color-gray-500)] dark:[--chart-axis:var(--color-gray-400)]',
  '[--chart-cursor:var(--color-gray-100)] dark:[--chart-cursor:var(--color-gray-800)]',
);
