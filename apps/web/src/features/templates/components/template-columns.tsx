import type { ReactNode } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { isImageUrl, Message, type CatalogKey, type TemplateRow } from '@blaster/contract';
import { formatNumber, messageIn, t, tValue } from '../../../i18n';
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
    ...templateReviewColumns(),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) => actions(row),
    }),
  ];
}

/** Review state (with a rejection's reason), quality and pacing (with a pause's reason): shared with the review screen. */
export function templateReviewColumns(): Columns<TemplateRow> {
  return [
    column.accessor('category', {
      header: t('template.category'),
      cell: ({ row: { original: row } }) => t(`template.category.${row.category}`),
    }),
    column.accessor('review_state', {
      header: t('template.review'),
      cell: ({ row: { original: row } }) => (
        <div className="max-w-xs text-sm" data-review={row.review_state}>
          <span className="font-medium">{t(`template.review.${row.review_state}`)}</span>
          {row.review_reason ? <p className="text-gray-500 dark:text-gray-400">{row.review_reason}</p> : null}
        </div>
      ),
    }),
    column.accessor('quality', {
      header: t('template.quality'),
      cell: ({ row: { original: row } }) => (
        <span data-quality={row.quality ?? 'none'} title={feedbackFigures(row)}>
          {t(`template.quality.${row.quality ?? 'none'}`)}
        </span>
      ),
    }),
    column.accessor('pacing', {
      header: t('template.pacing'),
      cell: ({ row: { original: row } }) => (
        <div className="max-w-xs text-sm" data-pacing={row.pacing}>
          <span className="font-medium">{t(`template.pacing.${row.pacing}`)}</span>
          {row.pause_reason ? (
            <p className="text-gray-500 dark:text-gray-400">
              {messageIn(
                new Message(
                  row.pause_reason.key as CatalogKey,
                  row.pause_reason.params,
                  row.pause_reason.key,
                ),
              )}
            </p>
          ) : null}
        </div>
      ),
    }),
  ];
}

/** The feedback behind the quality, in one line. */
const feedbackFigures = (row: TemplateRow) =>
  t('template.feedbackFigures', {
    sends: formatNumber(row.feedback.sends),
    blocks: formatNumber(row.feedback.blocks),
    reports: formatNumber(row.feedback.reports),
    opt_outs: formatNumber(row.feedback.opt_outs),
  });
