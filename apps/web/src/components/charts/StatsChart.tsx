import { CartesianChart } from './CartesianChart';
import { chartColor } from './chart-series';
import type { StatsChartProps } from './types';

/**
 * With ColourCharts, the only modules that import the chart code (this one and the parts beside it
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
  return (
    <CartesianChart
      label={label}
      data={data}
      xKey={xKey}
      series={series.map((item) => ({
        key: item.key,
        label: item.label,
        color: chartColor(item.tone),
        type: item.type ?? 'bar',
        stack: item.stack,
        axis: !vertical && item.axis === 'right' ? 'right' : 'left',
        unit: item.unit ?? 'count',
      }))}
      formatX={formatX}
      formatTooltipX={formatTooltipX ?? formatX}
      vertical={vertical}
      height={height}
      legend
      maxBarSize={vertical ? 18 : 28}
      testId={testId}
    />
  );
}
