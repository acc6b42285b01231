import { scaleBand, scaleLinear, type ScaleBand, type ScaleLinear } from 'd3-scale';
import type { ChartDatum, ChartUnit } from './types';

/** A series as the chart draws it: its colour resolved, its axis and unit known. */
export interface PlotSeries {
  key: string;
  label: string;
  /** Any CSS colour (a theme variable for the stats charts). */
  color: string;
  type: 'bar' | 'line';
  stack?: string;
  axis: 'left' | 'right';
  unit: ChartUnit;
  /** A bar's own colour (a funnel stage) instead of the series'. */
  colorOf?: (datum: ChartDatum) => string;
}

/** Where a bar starts and ends along the value axis, per category. */
export interface BarSpan {
  from: number;
  to: number;
}

export const FONT_SIZE = 11;
/** Room beside the plot: the value axes' labels, the category axis' labels below. */
const CATEGORY_AXIS_HEIGHT = 24;
const VALUE_AXIS_WIDTH = 44;
const RIGHT_AXIS_WIDTH = 40;
const SIDE_CATEGORY_WIDTH = 110;
const PLOT_TOP = 8;
const EDGE = 8;
/** Share of a category's band the bars take; the rest is the gap between categories. */
const BAR_SHARE = 0.8;

export function numberAt(datum: ChartDatum | undefined, key: string): number | null {
  const value = datum?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Each bar series' span per category: series of one stack sit on each other in their order. */
export function stackBars(data: ChartDatum[], series: PlotSeries[]): Map<string, BarSpan[]> {
  const spans = new Map<string, BarSpan[]>();
  const tops = new Map<string, number[]>();
  for (const item of series.filter((s) => s.type === 'bar')) {
    const group = item.stack ?? item.key;
    const top = tops.get(group) ?? data.map(() => 0);
    spans.set(
      item.key,
      data.map((datum, index) => {
        const from = top[index]!;
        const to = from + (numberAt(datum, item.key) ?? 0);
        top[index] = to;
        return { from, to };
      }),
    );
    tops.set(group, top);
  }
  return spans;
}

/** Bar groups side by side within a category: one per stack, or per bar series of no stack. */
export function barGroups(series: PlotSeries[]): string[] {
  return [...new Set(series.filter((s) => s.type === 'bar').map((s) => s.stack ?? s.key))];
}

/**
 * A value scale from zero to a round number above the largest value, with whole-number ticks
 * (counts and rupiah are never fractions on an axis).
 */
function valueScale(largest: number, range: [number, number], tickCount: number) {
  const scale = scaleLinear()
    .domain([0, largest > 0 ? largest : 1])
    .range(range)
    .nice(tickCount);
  const ticks = scale.ticks(tickCount).filter((tick) => Number.isInteger(tick));
  return { scale, ticks };
}

export interface ChartLayout {
  width: number;
  height: number;
  vertical: boolean;
  plot: { left: number; right: number; top: number; bottom: number };
  /** Categories by index: names may repeat (two accounts of one name). */
  category: ScaleBand<number>;
  /** Where one bar group sits within its category's band, and how thick it is. */
  bar: { offset: (group: string) => number; size: number };
  value: ScaleLinear<number, number>;
  valueTicks: number[];
  right?: { scale: ScaleLinear<number, number>; ticks: number[] };
  spans: Map<string, BarSpan[]>;
}

export function chartLayout({
  data,
  series,
  width,
  height,
  vertical,
  maxBarSize,
}: {
  data: ChartDatum[];
  series: PlotSeries[];
  width: number;
  height: number;
  vertical: boolean;
  maxBarSize: number;
}): ChartLayout {
  const hasRight = !vertical && series.some((s) => s.axis === 'right');
  const plot = vertical
    ? { left: SIDE_CATEGORY_WIDTH, right: width - EDGE, top: PLOT_TOP, bottom: height - CATEGORY_AXIS_HEIGHT }
    : {
        left: VALUE_AXIS_WIDTH,
        right: width - (hasRight ? RIGHT_AXIS_WIDTH : EDGE),
        top: PLOT_TOP,
        bottom: height - CATEGORY_AXIS_HEIGHT,
      };
  plot.right = Math.max(plot.left + 1, plot.right);

  const spans = stackBars(data, series);
  const leftValues = [
    ...[...spans.values()].flatMap((list) => list.map((span) => span.to)),
    ...series
      .filter((s) => s.type === 'line' && (vertical || s.axis !== 'right'))
      .flatMap((s) => data.map((datum) => numberAt(datum, s.key) ?? 0)),
  ];
  const largest = Math.max(0, ...leftValues);
  const { scale: value, ticks: valueTicks } = vertical
    ? valueScale(
        largest,
        [plot.left, plot.right],
        Math.max(3, Math.min(6, Math.floor((plot.right - plot.left) / 70))),
      )
    : valueScale(largest, [plot.bottom, plot.top], 5);

  const category = scaleBand<number>()
    .domain(data.map((_, index) => index))
    .range(vertical ? [plot.top, plot.bottom] : [plot.left, plot.right]);

  const groups = barGroups(series);
  const room = (category.bandwidth() * BAR_SHARE) / Math.max(1, groups.length);
  const size = Math.max(1, Math.min(maxBarSize, room));
  const groupsWidth = size * groups.length;
  const bar = {
    size,
    offset: (group: string) => (category.bandwidth() - groupsWidth) / 2 + groups.indexOf(group) * size,
  };

  // Rates (the share of successful sends) read a fixed 0–100 scale on the right.
  const right = hasRight
    ? (() => {
        const scale = scaleLinear().domain([0, 100]).range([plot.bottom, plot.top]);
        return { scale, ticks: scale.ticks(5) };
      })()
    : undefined;

  return { width, height, vertical, plot, category, bar, value, valueTicks, right, spans };
}

/** The category whose band holds a point of the plot (pointer position), by index. */
export function categoryAt(layout: ChartLayout, x: number, y: number, count: number): number | null {
  if (count === 0) return null;
  const [start, end] = layout.category.range();
  const position = layout.vertical ? y : x;
  const step = (end - start) / count;
  if (step <= 0) return null;
  return Math.min(count - 1, Math.max(0, Math.floor((position - start) / step)));
}

/**
 * The categories whose label the axis along the bottom writes: every one when they fit, else every
 * second, third… so that labels keep a gap between them, always with the last one.
 */
export function shownCategories(labels: string[], step: number, gap = 16): number[] {
  if (labels.length === 0) return [];
  const widest = Math.max(...labels.map((label) => textWidth(label)));
  const every = Math.max(1, Math.ceil((widest + gap) / Math.max(step, 1)));
  const shown: number[] = [];
  for (let index = 0; index < labels.length; index += every) shown.push(index);
  const last = labels.length - 1;
  if (shown.at(-1) !== last) {
    if (shown.length > 1 && last - shown.at(-1)! < every) shown.pop();
    shown.push(last);
  }
  return shown;
}

/** A label's width in the axis' font, near enough to keep labels apart without measuring them. */
export const textWidth = (text: string) => text.length * FONT_SIZE * 0.6;
