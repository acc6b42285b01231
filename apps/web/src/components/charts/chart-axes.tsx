import type { ScaleLinear } from 'd3-scale';
import { formatTick } from './format';
import { FONT_SIZE, shownCategories, textWidth, type ChartLayout } from './chart-layout';
import type { ChartUnit } from './types';

const tickText = { fill: 'var(--chart-axis)', fontSize: FONT_SIZE } as const;

/** Lines across the plot at the value axis' ticks. */
export function ChartGrid({ layout }: { layout: ChartLayout }) {
  const { plot, value, valueTicks, vertical } = layout;
  return (
    <g stroke="var(--chart-grid)" aria-hidden="true">
      {valueTicks.map((tick) =>
        vertical ? (
          <line key={tick} x1={value(tick)} x2={value(tick)} y1={plot.top} y2={plot.bottom} />
        ) : (
          <line key={tick} x1={plot.left} x2={plot.right} y1={value(tick)} y2={value(tick)} />
        ),
      )}
    </g>
  );
}

/**
 * The category and value axes: categories along the bottom, or down the side for a vertical layout;
 * a right-hand axis for rates next to counts. Their labels are text in the page, in its language.
 */
export function ChartAxes({
  layout,
  labels,
  leftUnit,
  rightUnit,
}: {
  layout: ChartLayout;
  /** Each category's label as the axis writes it. */
  labels: string[];
  leftUnit: ChartUnit;
  rightUnit: ChartUnit | undefined;
}) {
  const { plot, category, value, valueTicks, vertical, right, width } = layout;
  const centre = (index: number) => category(index)! + category.bandwidth() / 2;
  if (vertical) {
    return (
      <g {...tickText}>
        {labels.map((label, index) => (
          <text key={index} x={plot.left - 6} y={centre(index)} textAnchor="end" dominantBaseline="central">
            {label}
          </text>
        ))}
        {valueTicks.map((tick) => (
          <text key={tick} x={value(tick)} y={plot.bottom + 16} textAnchor="middle">
            {formatTick(tick, leftUnit)}
          </text>
        ))}
      </g>
    );
  }
  return (
    <g {...tickText}>
      {shownCategories(labels, category.step()).map((index) => {
        // The first and last labels stay within the chart instead of running past its edges.
        const half = textWidth(labels[index]!) / 2;
        const x = Math.min(width - half, Math.max(half, centre(index)));
        return (
          <text key={index} x={x} y={plot.bottom + 16} textAnchor="middle">
            {labels[index]}
          </text>
        );
      })}
      <ValueTicks scale={value} ticks={valueTicks} x={plot.left - 6} anchor="end" unit={leftUnit} />
      {right && rightUnit && (
        <ValueTicks
          scale={right.scale}
          ticks={right.ticks}
          x={plot.right + 6}
          anchor="start"
          unit={rightUnit}
        />
      )}
    </g>
  );
}

function ValueTicks({
  scale,
  ticks,
  x,
  anchor,
  unit,
}: {
  scale: ScaleLinear<number, number>;
  ticks: number[];
  x: number;
  anchor: 'start' | 'end';
  unit: ChartUnit;
}) {
  return ticks.map((tick) => (
    <text key={tick} x={x} y={scale(tick)} textAnchor={anchor} dominantBaseline="central">
      {formatTick(tick, unit)}
    </text>
  ));
}
