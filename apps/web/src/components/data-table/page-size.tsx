import { PAGE_SIZE_CHOICES } from '@blaster/contract';
import { formatNumber, t } from '../../i18n';
import { inputClass } from '../form';

/** 'Baris per halaman': how many rows a page of the list shows, one of the server's choices. */
export function PageSizeSelect({ value, onChange }: { value: number; onChange(size: number): void }) {
  return (
    <label className="flex items-center gap-2 text-sm whitespace-nowrap text-gray-600 dark:text-gray-400">
      {t('table.perPage')}
      <select
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className={`${inputClass()} w-auto py-2 tabular-nums`}
      >
        {PAGE_SIZE_CHOICES.map((size) => (
          <option key={size} value={size}>
            {formatNumber(size)}
          </option>
        ))}
      </select>
    </label>
  );
}
