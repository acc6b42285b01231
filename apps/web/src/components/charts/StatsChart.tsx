import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
} from 'recharts';
import { formatTick, formatValue } from './format';
import type { ChartSeries, ChartTone, StatsChartProps } from './types';

/** With ColourCharts, the only modules that import the chart library: pages reach them through React.lazy (index.tsx). */

const color = (tone: ChartTone) => `var(--chart-${tone})`;

function ChartTooltip({
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
                style={{ background: color(item.tone) }}
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

/** A bar that tells its series and value in data attributes (read by end-to-end tests). */
const barShape = (key: string) =>
  function ValueBar(props: BarShapeProps) {
    const payload = (props.payload ?? {}) as Record<string, unknown>;
    return (
      <g data-series={key} data-value={String(payload[key] ?? 0)}>
        <Rectangle {...props} />
      </g>
    );
  };

/** A series as a line or as bars; on a horizontal chart, on the left or the right value axis. */
function seriesMark(item: ChartSeries, vertical: boolean) {
  return item.type === 'line' ? (
    <Line
      key={item.key}
      dataKey={item.key}
      name={item.label}
      yAxisId={vertical ? undefined : item.axis === 'right' ? 'right' : 'left'}
      stroke={color(item.tone)}
      strokeWidth={2}
      // A dot per value, so that an hour standing alone still shows.
      dot={{ r: 2.5, fill: color(item.tone), strokeWidth: 0 }}
      connectNulls
      isAnimationActive={false}
    />
  ) : (
    <Bar
      key={item.key}
      dataKey={item.key}
      name={item.label}
      stackId={item.stack}
      yAxisId={vertical ? undefined : 'left'}
      fill={color(item.tone)}
      radius={item.stack ? 0 : 4}
      maxBarSize={vertical ? 18 : 28}
      shape={barShape(item.key)}
      isAnimationActive={false}
    />
  );
}

/** The category axis (days, hours, accounts) and the value axis, in the panel's theme. */
function axisProps(xKey: string, formatX: (value: string) => string, leftUnit: ChartSeries['unit']) {
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
  return { categoryAxis, valueAxis };
}

type AxisProps = ReturnType<typeof axisProps>;

/** Values along x and categories down y when vertical; otherwise categories along x, values on the left and, for a percentage series, on the right. */
function axes(
  vertical: boolean,
  categoryAxis: AxisProps['categoryAxis'],
  valueAxis: AxisProps['valueAxis'],
  rightUnit: ChartSeries['unit'] | undefined,
) {
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
  const { categoryAxis, valueAxis } = axisProps(xKey, formatX, leftUnit);
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
          {axes(vertical, categoryAxis, valueAxis, rightUnit)}
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
          {series.map((item) => seriesMark(item, vertical))}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
