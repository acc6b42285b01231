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
      cell: ({ row: { original: row } }) => (
        <>
          <p className="max-w-sm text-sm whitespace-pre-line">{row.text_wa || '-'}</p>
          <TemplateReviewSummary row={row} />
        </>
      ),
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

/**
 * Category, review state (with a rejection's reason), quality (its feedback in the title) and pacing (with
 * a pause's reason), stacked in one cell so the lists keep their width.
 */
export function TemplateReviewSummary({ row }: { row: TemplateRow }) {
  return (
    <div className="mt-1 flex max-w-sm flex-wrap gap-x-3 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
      <span>{t(`template.category.${row.category}`)}</span>
      <span data-review={row.review_state}>
        {t('template.review')}: <b className="font-medium">{t(`template.review.${row.review_state}`)}</b>
      </span>
      <span data-quality={row.quality ?? 'none'} title={feedbackFigures(row)}>
        {t(`template.quality.${row.quality ?? 'none'}`)}
      </span>
      <span data-pacing={row.pacing}>{t(`template.pacing.${row.pacing}`)}</span>
      {row.review_reason ? <p className="w-full">{row.review_reason}</p> : null}
      {row.pause_reason ? (
        <p className="w-full" data-part="pause-reason">
          {messageIn(
            new Message(row.pause_reason.key as CatalogKey, row.pause_reason.params, row.pause_reason.key),
          )}
        </p>
      ) : null}
    </div>
  );
}

/** The feedback behind the quality, in one line. */
const feedbackFigures = (row: TemplateRow) =>
  t('template.feedbackFigures', {
    sends: formatNumber(row.feedback.sends),
    blocks: formatNumber(row.feedback.blocks),
    reports: formatNumber(row.feedback.reports),
    opt_outs: formatNumber(row.feedback.opt_outs),
  });
