/**
 * How far long work got (an upload, an import, a download): a bar with its figure written under it,
 * readable by screen readers as a progress bar with its percent and the same text. `value` null is a
 * figure without a whole to measure against (a download of unknown size): the bar then only moves.
 */
export function ProgressBar({
  label,
  value,
  max,
  text,
  detail,
}: {
  /** What the bar measures, its accessible name. */
  label: string;
  value: number | null;
  max: number;
  text: string;
  detail?: string;
}) {
  const percent = value === null || max <= 0 ? null : Math.round(Math.min(1, Math.max(0, value / max)) * 100);
  return (
    <div className="min-w-0 space-y-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div
          className={
            percent === null
              ? 'h-full w-1/3 animate-pulse rounded-full bg-brand-500'
              : 'h-full rounded-full bg-brand-500 transition-[width] duration-200'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-sm break-words text-gray-700 dark:text-gray-300">{text}</p>
      {detail && <p className="text-xs break-words text-gray-500 dark:text-gray-400">{detail}</p>}
    </div>
  );
}
