import { Bar, Line, Rectangle, type BarShapeProps } from 'recharts';
import type { ChartSeries, ChartTone } from './types';

export const chartColor = (tone: ChartTone) => `var(--chart-${tone})`;

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

/**
 * One series as the chart's own Line or Bar element: an element, not a component of ours, because the
 * chart reads its direct children.
 */
export function seriesElement(item: ChartSeries, vertical: boolean) {
  return item.type === 'line' ? (
    <Line
      key={item.key}
      dataKey={item.key}
      name={item.label}
      yAxisId={vertical ? undefined : item.axis === 'right' ? 'right' : 'left'}
      stroke={chartColor(item.tone)}
      strokeWidth={2}
      // A dot per value, so that an hour standing alone still shows.
      dot={{ r: 2.5, fill: chartColor(item.tone), strokeWidth: 0 }}
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
      fill={chartColor(item.tone)}
      radius={item.stack ? 0 : 4}
      maxBarSize={vertical ? 18 : 28}
      shape={barShape(item.key)}
      isAnimationActive={false}
    />
  );
}
