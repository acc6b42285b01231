import { useLayoutEffect, useRef, useState } from 'react';

export interface TooltipRow {
  key: string;
  label: string;
  color: string;
  value: string;
}

/** Where the tooltip goes: beside `x`, on the `side` with more room, at height `y`. */
export interface TooltipPlace {
  x: number;
  y: number;
  side: 'left' | 'right';
}

/**
 * The category under the pointer or keyboard and each series' value there, in the series' colour;
 * kept within the chart's `width` so that it never runs off a phone's screen.
 */
export function ChartTooltip({
  title,
  rows,
  place,
  width,
}: {
  title: string;
  rows: TooltipRow[];
  place: TooltipPlace;
  width: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [ownWidth, setOwnWidth] = useState(0);
  // Measured again when the texts change, which is when its width can.
  const texts = [title, ...rows.map((row) => `${row.label}${row.value}`)].join('\n');
  useLayoutEffect(() => setOwnWidth(ref.current?.offsetWidth ?? 0), [texts]);
  const wanted = place.side === 'left' ? place.x - ownWidth : place.x;
  const left = Math.max(0, Math.min(width - ownWidth, wanted));
  return (
    <div
      ref={ref}
      className="pointer-events-none absolute z-10 rounded-lg border border-gray-200 bg-white px-3 py-2 text-xs whitespace-nowrap shadow-lg dark:border-gray-700 dark:bg-gray-900"
      style={{ left, top: place.y }}
    >
      <div className="mb-1 font-medium text-gray-800 dark:text-white/90">{title}</div>
      {rows.map((row) => (
        <div
          key={row.key}
          className="flex items-center justify-between gap-4 text-gray-600 dark:text-gray-300"
        >
          <span className="flex items-center gap-1.5">
            <span className="size-2 rounded-full" style={{ background: row.color }} aria-hidden="true" />
            {row.label}
          </span>
          <span className="font-semibold tabular-nums text-gray-800 dark:text-white/90">{row.value}</span>
        </div>
      ))}
    </div>
  );
}

/** Each series' name beside a dot of its colour, under the chart. */
export function ChartLegend({ items }: { items: { key: string; label: string; color: string }[] }) {
  return (
    <ul className="m-0 flex list-none flex-wrap justify-center gap-x-4 gap-y-1 p-0 pt-2 text-xs text-[var(--chart-axis)]">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span className="size-2 rounded-full" style={{ background: item.color }} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
