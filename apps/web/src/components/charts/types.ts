/** What a chart draws; kept apart from the chart modules so that pages never import the chart code. */

/** Colours of the panel's theme, each with a light and a dark shade (see THEME_VARS). */
export type ChartTone = 'success' | 'fail' | 'brand' | 'amber' | 'sky' | 'violet' | 'pink' | 'gray';
export type ChartUnit = 'count' | 'rupiah' | 'percent';

export interface ChartSeries {
  /** The data field drawn. */
  key: string;
  label: string;
  tone: ChartTone;
  type?: 'bar' | 'line';
  /**
   * Bars with the same stack id sit on each other. A part of a stack with no value at a category
   * (null) is left out of that category's tooltip: two series of one stack can share out the
   * categories (the winning variant in one, the others in the other).
   */
  stack?: string;
  /** Lines of another unit (a percentage next to counts) read the right-hand axis. */
  axis?: 'left' | 'right';
  unit?: ChartUnit;
}

export type ChartDatum = Record<string, string | number | null>;

export interface StatsChartProps {
  /** What the chart shows, for screen readers and tests (`aria-label`). */
  label: string;
  data: ChartDatum[];
  /** The category field: a day, an hour, an account. */
  xKey: string;
  series: ChartSeries[];
  /** Label of a category on the axis and in the tooltip. */
  formatX?: (value: string) => string;
  /** Label of a category in the tooltip when it differs from the axis. */
  formatTooltipX?: (value: string) => string;
  /** 'vertical' puts categories down the side (ranked lists). */
  layout?: 'horizontal' | 'vertical';
  height?: number;
  testId?: string;
}

/** A bar of its own colour (a funnel stage). */
export interface ColourBar {
  key: string;
  label: string;
  value: number;
  /** Any CSS colour. */
  color: string;
}

export interface ColourBarChartProps {
  /** What the chart shows, for screen readers (`aria-label`); the value label when not given. */
  label?: string;
  bars: ColourBar[];
  /** What the values count, shown in the tooltip. */
  valueLabel: string;
  height?: number;
}

/** A line of its own colour drawing one data field. */
export interface ColourLine {
  key: string;
  label: string;
  color: string;
}

export interface ColourLineChartProps {
  /** What the chart shows, for screen readers (`aria-label`); the lines' names when not given. */
  label?: string;
  data: ChartDatum[];
  /** The category field along the bottom. */
  xKey: string;
  lines: ColourLine[];
  /** Label of a category on the axis, and in the tooltip (a day: '23 Nov', 'Senin, 23 November 2026'). */
  formatX?: (value: string) => string;
  formatTooltipX?: (value: string) => string;
  height?: number;
}
