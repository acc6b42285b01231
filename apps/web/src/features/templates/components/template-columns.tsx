import type { ReactNode } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { isImageUrl, type TemplateRow } from '@blaster/contract';
import { formatNumber, t, tValue } from '../../../i18n';
import type { Columns } from '../../../components/data-table';

const column = createColumnHelper<TemplateRow>();

/** The template list's columns: media, caption, buttons, uses, status, and the row's actions. */
export function templateColumns(actions: (row: TemplateRow) => ReactNode): Columns<TemplateRow> {
  return [
    column.accessor('media', {
      header: t('template.media'),
      cell: ({ row: { original: row } }) =>
        !row.media ? (
          '-'
        ) : isImageUrl(row.media) ? (
          <img src={row.media} alt="" className="size-14 rounded-lg object-cover" />
        ) : (
          <a href={row.media} target="_blank" rel="noreferrer" className="text-brand-600 underline">
            {t('template.viewMedia')}
          </a>
        ),
    }),
    column.accessor('text_wa', {
      header: t('template.caption'),
      meta: { sortKey: 'caption' },
      cell: (info) => <p className="max-w-sm text-sm whitespace-pre-line">{info.getValue() || '-'}</p>,
    }),
    column.accessor('button', {
      header: t('template.button'),
      cell: ({ row: { original: row } }) => row.button.map((button) => button.title).join(', ') || '-',
    }),
    column.accessor('count_use', {
      header: t('proxy.used'),
      meta: { figure: true },
      cell: (info) => t('common.times', { n: formatNumber(info.getValue()) }),
    }),
    column.accessor('status', {
      header: t('common.status'),
      meta: { sortKey: 'status' },
      cell: (info) => tValue('recordStatus', info.getValue()),
    }),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) => actions(row),
    }),
  ];
}
