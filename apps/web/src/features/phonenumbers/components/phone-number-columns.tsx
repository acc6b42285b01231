import type { ReactNode } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { PhoneNumberWithConsentRow as PhoneNumberRow } from '@blaster/contract';
import { formatNumber, t } from '../../../i18n';
import { formatDateTime, type Columns } from '../../../components/data-table';
import { ConsentCell } from '../ConsentFields';
import { FieldsCell, TagsCell } from './LabelCells';

const column = createColumnHelper<PhoneNumberRow>();

/**
 * The number list's columns: number (with its in-use, nonactive and suppressed marks), name, tags,
 * fields, consent, counts.
 */
export function phoneNumberColumns(actions: (row: PhoneNumberRow) => ReactNode): Columns<PhoneNumberRow> {
  return [
    column.accessor('number', {
      header: t('common.phoneNumber'),
      meta: { sortKey: 'number' },
      cell: ({ row: { original: row } }) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <span className="whitespace-nowrap tabular-nums">{row.number}</span>
          {row.in_use === 1 && (
            <span className="whitespace-nowrap text-xs font-medium text-amber-700 dark:text-amber-400">
              {t('phone.inUse')}
            </span>
          )}
          {row.status === 'nonactive' && (
            <span className="whitespace-nowrap rounded bg-gray-100 px-1.5 text-xs font-medium text-gray-700 dark:bg-white/10 dark:text-gray-300">
              {t('phone.nonactive')}
            </span>
          )}
          {row.suppressed && (
            <span className="whitespace-nowrap rounded bg-red-50 px-1.5 text-xs font-medium text-red-700 dark:bg-red-500/10 dark:text-red-400">
              {t('phone.suppressed')}
            </span>
          )}
        </span>
      ),
    }),
    column.accessor('name', { header: t('common.name'), meta: { sortKey: 'name' } }),
    column.accessor('tags', {
      header: t('phone.tags'),
      // Dropped from a narrow table (the cards keep them); hidden or shown again from 'Kolom'.
      meta: { secondary: true },
      cell: (info) => <TagsCell tags={info.getValue()} />,
    }),
    column.accessor('fields', {
      header: t('phone.fields'),
      meta: { secondary: true },
      cell: (info) => <FieldsCell fields={info.getValue()} />,
    }),
    column.accessor('consent_at', {
      header: t('consent.column'),
      cell: ({ row: { original: row } }) => <ConsentCell source={row.consent_source} at={row.consent_at} />,
    }),
    column.accessor('count_success', {
      header: t('phone.countSuccess'),
      meta: { figure: true },
      cell: (info) => formatNumber(info.getValue()),
    }),
    column.accessor('count_fail', {
      header: t('phone.countFail'),
      meta: { figure: true },
      cell: (info) => formatNumber(info.getValue()),
    }),
    column.accessor('last_sent', {
      header: t('phone.lastSent'),
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) => actions(row),
    }),
  ];
}
