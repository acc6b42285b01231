import { formatNumber, t } from '../../i18n';
import { inputClass } from '../../components/form';
import { useSegmentCount, useSegments } from './api';

/**
 * Where a blast starts: who it goes to, a saved segment or every number that may be messaged, with
 * how many of the segment's numbers a blast could claim now. Shown only once segments exist.
 */
export function SegmentPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const segments = useSegments();
  const count = useSegmentCount(value);
  const list = segments.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-72">
        <label
          htmlFor="blast-segment"
          className="mb-1.5 block text-sm font-medium text-gray-700 dark:text-gray-400"
        >
          {t('segments.audience')}
        </label>
        <select
          id="blast-segment"
          className={inputClass()}
          value={value ?? ''}
          aria-describedby={value !== null ? 'blast-segment-count' : undefined}
          onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('segments.allNumbers')}</option>
          {list.map((segment) => (
            <option key={segment.id} value={segment.id}>
              {segment.name}
            </option>
          ))}
        </select>
      </div>
      {value !== null && (
        <p id="blast-segment-count" role="status" className="pb-3 text-sm text-gray-700 dark:text-gray-300">
          {count.data
            ? t('segments.pickerCount', { claimable: formatNumber(count.data.claimable) })
            : t('segments.counting')}
        </p>
      )}
    </div>
  );
}
