import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import clsx from 'clsx';
import { ChartAxes, ChartGrid } from './chart-axes';
import { categoryAt, chartLayout, numberAt, type ChartLayout, type PlotSeries } from './chart-layout';
import { ChartBars, ChartLine } from './chart-series';
import { ChartLegend, ChartTooltip, type TooltipPlace } from './ChartTooltip';
import { formatValue } from './format';
import { THEME_VARS } from './theme';
import { useElementWidth } from './use-element-width';
import type { ChartDatum } from './types';

export interface CartesianChartProps {
  /** What the chart shows, for screen readers and tests (`aria-label`). */
  label: string;
  data: ChartDatum[];
  xKey: string;
  series: PlotSeries[];
  formatX: (value: string) => string;
  formatTooltipX: (value: string) => string;
  vertical: boolean;
  /** The whole height, legend included. */
  height: number;
  legend: boolean;
  maxBarSize: number;
  testId?: string;
}

/** Where the tooltip stands: the category shown, and whether the keyboard or the pointer chose it. */
interface Active {
  index: number;
  by: 'pointer' | 'keyboard';
  /** The pointer's distance from the chart's top or left, across the categories. */
  across?: number;
}

const LEGEND_HEIGHT = 28;
const KEY_STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => Math.min(last, index + 1),
  ArrowDown: (index, last) => Math.min(last, index + 1),
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowUp: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * The panel's one chart: bars (stacked or not) and lines over categories, drawn as SVG with d3's scales
 * and curves, so that every label is text in the page. StatsChart and ColourCharts dress it.
 */
export function CartesianChart({
  label,
  data,
  xKey,
  series,
  formatX,
  formatTooltipX,
  vertical,
  height,
  legend,
  maxBarSize,
  testId,
}: CartesianChartProps) {
  const [ref, width] = useElementWidth<HTMLDivElement>(320);
  const plotHeight = legend ? height - LEGEND_HEIGHT : height;
  const layout = chartLayout({ data, series, width, height: plotHeight, vertical, maxBarSize });
  const category = (index: number) => String(data[index]?.[xKey] ?? '');
  const { active, handlers } = useActiveCategory(layout, data.length);

  const hasBars = series.some((item) => item.type === 'bar');
  const leftUnit = series.find((item) => item.axis !== 'right')?.unit ?? 'count';
  const rightUnit = series.find((item) => item.axis === 'right')?.unit;
  return (
    <div ref={ref} className={clsx('relative w-full min-w-0', THEME_VARS)}>
      <figure
        role="img"
        aria-label={label}
        data-testid={testId}
        data-points={data.length}
        // Focusable, so that the arrow keys walk the categories with the tooltip as the pointer does.
        tabIndex={0}
        {...handlers}
        className="m-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        <svg width={width} height={plotHeight} className="block overflow-visible">
          <ChartGrid layout={layout} />
          {active && hasBars && <Cursor layout={layout} index={active.index} />}
          {active && !hasBars && <CursorLine layout={layout} index={active.index} />}
          <ChartAxes
            layout={layout}
            labels={data.map((_, index) => formatX(category(index)))}
            leftUnit={leftUnit}
            rightUnit={rightUnit}
          />
          {series.map((item) =>
            item.type === 'line' ? (
              <ChartLine
                key={item.key}
                layout={layout}
                data={data}
                item={item}
                active={active?.index ?? null}
              />
            ) : (
              <ChartBars key={item.key} layout={layout} data={data} item={item} />
            ),
          )}
        </svg>
      </figure>
      {/* Beside the picture, not in it: read out as the arrow keys move, and shown in the page's language. */}
      <div aria-live={active?.by === 'keyboard' ? 'polite' : 'off'}>
        {active && data[active.index] && (
          <ChartTooltip
            title={formatTooltipX(category(active.index))}
            place={tooltipPlace(layout, active)}
            width={width}
            rows={tooltipSeries(series, data[active.index]!).map((item) => ({
              key: item.key,
              label: item.label,
              color: item.colorOf?.(data[active.index]!) ?? item.color,
              value: formatValue(data[active.index]![item.key] as number | null, item.unit),
            }))}
          />
        )}
      </div>
      {legend && <ChartLegend items={series} />}
    </div>
  );
}

/** The series a category's tooltip lists: every one, less the parts of a stack that have no value there. */
function tooltipSeries(series: PlotSeries[], datum: ChartDatum) {
  return series.filter((item) => !item.stack || numberAt(datum, item.key) !== null);
}

/** The category the tooltip shows: the one under the pointer, or the one the arrow keys reached. */
function useActiveCategory(layout: ChartLayout, count: number) {
  const [active, setActive] = useState<Active | null>(null);
  const last = count - 1;
  const point = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const index = categoryAt(layout, x, y, count);
    setActive(index === null ? null : { index, by: 'pointer', across: layout.vertical ? x : y });
  };
  const handlers = {
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (event.key === 'Escape') return setActive(null);
      const step = KEY_STEPS[event.key];
      if (!step || last < 0) return;
      event.preventDefault();
      setActive({ index: step(active?.index ?? -1, last), by: 'keyboard' });
    },
    onFocus: () => setActive((current) => current ?? (last >= 0 ? { index: 0, by: 'keyboard' } : null)),
    onBlur: () => setActive(null),
    onPointerMove: point,
    onPointerDown: point,
    onPointerLeave: () => setActive(null),
  };
  // A category that has gone (fewer days after a change of range) is shown no more.
  return { active: active && active.index <= last ? active : null, handlers };
}

/** The hovered category's band, shaded behind its bars. */
function Cursor({ layout, index }: { layout: ChartLayout; index: number }) {
  const { category, plot, vertical } = layout;
  const start = category(index)!;
  return vertical ? (
    <rect
      x={plot.left}
      y={start}
      width={plot.right - plot.left}
      height={category.bandwidth()}
      fill="var(--chart-cursor)"
    />
  ) : (
    <rect
      x={start}
      y={plot.top}
      width={category.bandwidth()}
      height={plot.bottom - plot.top}
      fill="var(--chart-cursor)"
    />
  );
}

/** A line through the hovered category, for charts of lines only. */
function CursorLine({ layout, index }: { layout: ChartLayout; index: number }) {
  const { category, plot } = layout;
  const x = category(index)! + category.bandwidth() / 2;
  return <line x1={x} x2={x} y1={plot.top} y2={plot.bottom} stroke="var(--chart-axis)" strokeOpacity={0.5} />;
}

/**
 * Beside the category, on the side with more room; at the pointer's height (or the plot's top for the
 * keyboard), or beside the pointer under the category's row when categories run down the side.
 */
function tooltipPlace(layout: ChartLayout, active: Active): TooltipPlace {
  const { category, plot, vertical, width } = layout;
  const start = category(active.index)!;
  const gap = 12;
  if (vertical) {
    const x = active.across ?? (plot.left + plot.right) / 2;
    // Under the row, but within the plot: never over the axis' labels or the legend.
    const y = Math.max(plot.top, Math.min(plot.bottom - 56, start + category.bandwidth()));
    return { x: x + (x > width / 2 ? -gap : gap), y, side: x > width / 2 ? 'left' : 'right' };
  }
  const y = Math.min(plot.bottom - 48, Math.max(plot.top, (active.across ?? plot.top) - 24));
  return start + category.bandwidth() / 2 > width / 2
    ? { x: start - gap, y, side: 'left' }
    : { x: start + category.bandwidth() + gap, y, side: 'right' };
}
