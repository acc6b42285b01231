import { XAxis, YAxis } from 'recharts';
import { formatTick } from './format';
import type { ChartUnit } from './types';

/**
 * The category and value axes, as the chart's own elements: categories along the bottom, or down the
 * side for a vertical layout; a right-hand axis for a series of another unit.
 */
export function chartAxes({
  vertical,
  xKey,
  formatX,
  leftUnit,
  rightUnit,
}: {
  vertical: boolean;
  xKey: string;
  formatX: (value: string) => string;
  leftUnit: ChartUnit;
  rightUnit: ChartUnit | undefined;
}) {
  const axisTick = { fill: 'var(--chart-axis)', fontSize: 11 };
  const categoryAxis = {
    dataKey: xKey,
    tickFormatter: (value: string) => formatX(String(value)),
    tick: axisTick,
    tickLine: false,
    axisLine: false,
  };
  const valueAxis = {
    tickFormatter: (value: number) => formatTick(value, leftUnit),
    tick: axisTick,
    tickLine: false,
    axisLine: false,
    allowDecimals: false,
  };
  return vertical ? (
    <>
      <XAxis type="number" {...valueAxis} />
      <YAxis type="category" {...categoryAxis} width={110} interval={0} />
    </>
  ) : (
    <>
      <XAxis {...categoryAxis} minTickGap={16} interval="preserveStartEnd" />
      <YAxis yAxisId="left" {...valueAxis} width={44} />
      {rightUnit && (
        <YAxis
          yAxisId="right"
          orientation="right"
          domain={[0, 100]}
          {...valueAxis}
          tickFormatter={(value: number) => formatTick(value, rightUnit)}
          width={40}
        />
      )}
    </>
  );
}
