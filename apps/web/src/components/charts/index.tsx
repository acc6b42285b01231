import { lazy, Suspense, type ReactNode } from 'react';
import clsx from 'clsx';
import { STATS_TEXT as SPEC_STATS_TEXT } from '@blaster/contract';
import { textTable } from '../../i18n';
import { errorText } from '../../lib/api';
import { isEmptyData } from './format';
import { THEME_VARS } from './theme';
import type { ColourBarChartProps, ColourLineChartProps, StatsChartProps } from './types';

// The contract's texts in the chosen language.
const STATS_TEXT = textTable('stats', SPEC_STATS_TEXT);

export * from './types';
export * from './format';

/** The chart code loads with the first chart shown, never with the first screen or sign-in. */
const StatsChart = lazy(() => import('./StatsChart'));
const LazyColourBarChart = lazy(() =>
  import('./ColourCharts').then((charts) => ({ default: charts.ColourBarChart })),
);
const LazyColourLineChart = lazy(() =>
  import('./ColourCharts').then((charts) => ({ default: charts.ColourLineChart })),
);

/** Bars of their own colours along the side; the chart code loads with the first one shown. */
export function ColourBarChart(props: ColourBarChartProps) {
  return (
    <Suspense fallback={<ChartSkeleton height={props.height ?? 240} />}>
      <LazyColourBarChart {...props} />
    </Suspense>
  );
}

/** Lines of their own colours over shared categories; the chart code loads with the first one shown. */
export function ColourLineChart(props: ColourLineChartProps) {
  return (
    <Suspense fallback={<ChartSkeleton height={props.height ?? 240} />}>
      <LazyColourLineChart {...props} />
    </Suspense>
  );
}

export function ChartSkeleton({ height = 260 }: { height?: number }) {
  return (
    <div
      role="status"
      aria-label={STATS_TEXT.loading}
      className="flex animate-pulse items-end gap-2 px-2"
      style={{ height }}
    >
      {[40, 65, 30, 80, 55, 70, 45, 90, 60, 35, 75, 50].map((percent, i) => (
        <div
          key={i}
          className="flex-1 rounded-t bg-gray-200 dark:bg-gray-800"
          style={{ height: `${percent}%` }}
        />
      ))}
    </div>
  );
}

function ChartMessage({
  height,
  children,
  tone = 'muted',
}: {
  height: number;
  children: ReactNode;
  tone?: 'muted' | 'error';
}) {
  return (
    <div
      className={clsx(
        'flex items-center justify-center rounded-xl border border-dashed text-sm',
        tone === 'error'
          ? 'border-red-200 text-danger dark:border-red-500/30'
          : 'border-gray-200 text-gray-500 dark:border-gray-800 dark:text-gray-400',
      )}
      style={{ height }}
    >
      {children}
    </div>
  );
}

export interface ChartCardProps extends StatsChartProps {
  title: string;
  /** Controls beside the title (a range or bucket choice). */
  actions?: ReactNode;
  /** The figures' query: its loading and error states are the card's. */
  query: { isPending: boolean; error: unknown };
  className?: string;
}

/** A titled card with one chart, its loading skeleton, error and empty state ("Belum ada data"). */
export function ChartCard({ title, actions, query, className, testId, ...chart }: ChartCardProps) {
  const height = chart.height ?? 260;
  const empty = isEmptyData(
    chart.data,
    chart.series.map((item) => item.key),
  );
  return (
    <section
      data-testid={testId}
      data-state={query.isPending ? 'loading' : query.error ? 'error' : empty ? 'empty' : 'ready'}
      className={clsx(
        'min-w-0 rounded-2xl border border-gray-200 bg-white p-4 md:p-6 dark:border-gray-800 dark:bg-white/[0.03]',
        THEME_VARS,
        className,
      )}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-gray-800 dark:text-white/90">{title}</h3>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {query.isPending ? (
        <ChartSkeleton height={height} />
      ) : query.error ? (
        <ChartMessage height={height} tone="error">
          {errorText(query.error, STATS_TEXT.failed)}
        </ChartMessage>
      ) : empty ? (
        <ChartMessage height={height}>{STATS_TEXT.empty}</ChartMessage>
      ) : (
        <Suspense fallback={<ChartSkeleton height={height} />}>
          <StatsChart {...chart} height={height} />
        </Suspense>
      )}
    </section>
  );
}

/** Two to four choices side by side (per hour / per day). */
export function ChartToggle<T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: { value: T; label: string }[];
  onChange(value: T): void;
  label: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-lg bg-gray-100 p-0.5 dark:bg-gray-900"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={clsx(
            'rounded-md px-3 py-1 text-xs font-medium',
            value === option.value
              ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-800 dark:text-white'
              : 'text-gray-600 hover:text-gray-800 dark:text-gray-400 dark:hover:text-white',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
