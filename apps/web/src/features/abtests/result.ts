import type { AbTestRow, AbTestVariant } from '@blaster/contract';
import { locale } from '../../i18n';

/** A rate (0 to 1) in percent, one decimal at most: 0.4237 is 42.4. */
export const ratePercent = (rate: number) => Math.round(rate * 1000) / 10;

/** A figure with one decimal at most, the chosen language's way ('12,5' in Indonesian). */
export const decimal = (value: number) => value.toLocaleString(locale(), { maximumFractionDigits: 1 });

/** The test's winning variant, once it has one. */
export const winnerOf = (test: AbTestRow) =>
  test.variants.find((variant) => variant.template_id === test.winner_template_id);

/** How far the winner's rate is ahead of the best of the others, in percentage points. */
export function marginOf(test: AbTestRow, winner: AbTestVariant) {
  const others = test.variants.filter((variant) => variant.template_id !== winner.template_id);
  const runnerUp = Math.max(0, ...others.map((variant) => variant.rate));
  return Math.round((winner.rate - runnerUp) * 1000) / 10;
}

/** A variant as the chart and the table name it: its place in the test and its template's caption. */
export const variantName = (variant: AbTestVariant) =>
  `${variant.position}. ${variant.caption || `#${variant.template_id}`}`;
