import type { TooltipContentProps } from 'recharts';
import { formatValue } from './format';
import { chartColor } from './chart-series';
import type { ChartSeries } from './types';

/** The hovered category and each series' value there, in the series' colour. */
export function ChartTooltip({
  active,
  payload,
  label,
  series,
  formatX,
}: TooltipContentProps<number, string> & { series: ChartSeries[]; formatX: (value: string) => string }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-3 py-2 text-xs shadow-lg dark:border-gray-700 dark:bg-gray-900">
      <div className="mb-1 font-medium text-gray-800 dark:text-white/90">{formatX(String(label ?? ''))}</div>
      {series.map((item) => {
        const entry = payload.find((p) => p.dataKey === item.key);
        if (!entry) return null;
        return (
          <div
            key={item.key}
            className="flex items-center justify-between gap-4 text-gray-600 dark:text-gray-300"
          >
            <span className="flex items-center gap-1.5">
              <span
                className="size-2 rounded-full"
                style={{ background: chartColor(item.tone) }}
                aria-hidden="true"
              />
              {item.label}
            </span>
            <span className="font-semibold tabular-nums text-gray-800 dark:text-white/90">
              {formatValue(entry.value as number | null, item.unit)}
            </span>
          </div>
        );
      })}
    </div>
  );
}
