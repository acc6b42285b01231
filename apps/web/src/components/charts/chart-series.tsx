import { curveMonotoneX, line } from 'd3-shape';
import { numberAt, type ChartLayout, type PlotSeries } from './chart-layout';
import type { ChartDatum, ChartTone } from './types';

export const chartColor = (tone: ChartTone) => `var(--chart-${tone})`;

/**
 * A bar as a path, its far end rounded when it stands alone (a stacked bar stays square so the stack
 * reads as one).
 */
function barPath(x: number, y: number, width: number, height: number, radius: number, vertical: boolean) {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  if (r === 0) return `M${x},${y}h${width}v${height}h${-width}Z`;
  return vertical
    ? `M${x},${y}h${width - r}a${r},${r} 0 0 1 ${r},${r}v${height - 2 * r}a${r},${r} 0 0 1 ${-r},${r}h${r - width}Z`
    : `M${x},${y + height}v${r - height}a${r},${r} 0 0 1 ${r},${-r}h${width - 2 * r}a${r},${r} 0 0 1 ${r},${r}v${height - r}Z`;
}

/**
 * Every bar of one series, one per category, each telling its series and value in data attributes
 * (read by end-to-end tests); a category without a value keeps an empty bar of value 0.
 */
export function ChartBars({
  layout,
  data,
  item,
}: {
  layout: ChartLayout;
  data: ChartDatum[];
  item: PlotSeries;
}) {
  const { category, bar, value, vertical, spans } = layout;
  const offset = bar.offset(item.stack ?? item.key);
  const radius = item.stack ? 0 : 4;
  return (
    <g>
      {data.map((datum, index) => {
        const span = spans.get(item.key)![index]!;
        const start = value(span.from);
        const end = value(span.to);
        const across = category(index)! + offset;
        const path = vertical
          ? barPath(start, across, end - start, bar.size, radius, true)
          : barPath(across, end, bar.size, start - end, radius, false);
        return (
          <g key={index} data-series={item.key} data-value={String(datum[item.key] ?? 0)}>
            {span.to !== span.from && <path d={path} fill={item.colorOf?.(datum) ?? item.color} />}
          </g>
        );
      })}
    </g>
  );
}

/** One series as a smooth line through its values, with a dot per value so a lone hour still shows. */
export function ChartLine({
  layout,
  data,
  item,
  active,
}: {
  layout: ChartLayout;
  data: ChartDatum[];
  item: PlotSeries;
  active: number | null;
}) {
  const { category, right, value } = layout;
  const scale = item.axis === 'right' && right ? right.scale : value;
  // Gaps (no value that hour) are bridged: the line joins the values on either side.
  const points = data.flatMap((datum, index) => {
    const y = numberAt(datum, item.key);
    return y === null
      ? []
      : [{ index, x: category(index)! + category.bandwidth() / 2, y: scale(y), value: y }];
  });
  const path = line<(typeof points)[number]>()
    .x((point) => point.x)
    .y((point) => point.y)
    .curve(curveMonotoneX)(points);
  return (
    <g>
      {path && <path d={path} fill="none" stroke={item.color} strokeWidth={2} />}
      {points.map((point) => (
        <circle
          key={point.index}
          data-series={item.key}
          data-value={String(point.value)}
          cx={point.x}
          cy={point.y}
          r={point.index === active ? 4 : 2.5}
          fill={item.color}
        />
      ))}
    </g>
  );
}
