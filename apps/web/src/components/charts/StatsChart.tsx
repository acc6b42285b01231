import {
  CartesianGrid,
  ComposedChart,
  Legend,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
} from 'recharts';
import { chartAxes } from './chart-axes';
import { seriesElement } from './chart-series';
import { ChartTooltip } from './ChartTooltip';
import type { StatsChartProps } from './types';

/**
 * With ColourCharts, the only modules that import the chart library (this one and the parts beside it
 * that only it imports): pages reach them through React.lazy (index.tsx).
 */

/** Bars and lines over days, hours or accounts, in the panel's theme colours (light and dark). */
export default function StatsChart({
  label,
  data,
  xKey,
  series,
  formatX = (value) => value,
  formatTooltipX,
  layout = 'horizontal',
  height = 260,
  testId,
}: StatsChartProps) {
  const vertical = layout === 'vertical';
  const leftUnit = series.find((item) => item.axis !== 'right')?.unit ?? 'count';
  const rightUnit = series.find((item) => item.axis === 'right')?.unit;
  return (
    <figure
      role="img"
      aria-label={label}
      data-testid={testId}
      data-points={data.length}
      className="m-0 w-full min-w-0"
    >
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
        <ComposedChart
          data={data}
          layout={vertical ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: rightUnit ? 0 : 8, bottom: 0, left: 0 }}
          barCategoryGap="20%"
        >
          <CartesianGrid stroke="var(--chart-grid)" vertical={vertical} horizontal={!vertical} />
          {chartAxes({ vertical, xKey, formatX, leftUnit, rightUnit })}
          <Tooltip
            cursor={{ fill: 'var(--chart-cursor)' }}
            content={(props) => (
              <ChartTooltip
                {...(props as TooltipContentProps<number, string>)}
                series={series}
                formatX={formatTooltipX ?? formatX}
              />
            )}
          />
          <Legend
            iconType="circle"
            iconSize={8}
            wrapperStyle={{ fontSize: 12, color: 'var(--chart-axis)' }}
          />
          {series.map((item) => seriesElement(item, vertical))}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
