import { CartesianChart } from './CartesianChart';
import type { ColourBarChartProps, ColourLineChartProps } from './types';

/** Charts whose every bar or line has its own colour; reached through React.lazy (index.tsx). */

const asIs = (value: string) => value;

/** One bar per category, laid along the side, each in its own colour. */
export function ColourBarChart({ label, bars, valueLabel, height = 240 }: ColourBarChartProps) {
  const colours = new Map(bars.map((bar) => [bar.key, bar.color]));
  return (
    <CartesianChart
      label={label ?? valueLabel}
      data={bars.map((bar) => ({ key: bar.key, label: bar.label, value: bar.value }))}
      xKey="label"
      series={[
        {
          key: 'value',
          label: valueLabel,
          color: 'var(--chart-brand)',
          colorOf: (datum) => colours.get(String(datum.key)) ?? 'var(--chart-brand)',
          type: 'bar',
          axis: 'left',
          unit: 'count',
        },
      ]}
      formatX={asIs}
      formatTooltipX={asIs}
      vertical
      height={height}
      legend={false}
      maxBarSize={28}
    />
  );
}

/** Several lines over the same categories (days), each in its own colour, with a legend. */
export function ColourLineChart({
  label,
  data,
  xKey,
  lines,
  formatX = asIs,
  formatTooltipX,
  height = 240,
}: ColourLineChartProps) {
  return (
    <CartesianChart
      label={label ?? lines.map((line) => line.label).join(', ')}
      data={data}
      xKey={xKey}
      series={lines.map((line) => ({
        key: line.key,
        label: line.label,
        color: line.color,
        type: 'line',
        axis: 'left',
        unit: 'count',
      }))}
      formatX={formatX}
      formatTooltipX={formatTooltipX ?? formatX}
      vertical={false}
      height={height}
      legend
      maxBarSize={28}
    />
  );
}
