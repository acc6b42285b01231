import type { ReactNode } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { REVIEW_STATES, TEMPLATE_REVIEW_ROLES, type TemplateRow } from '@blaster/contract';
import { t } from '../../../i18n';
import { Breadcrumb } from '../../../components/Breadcrumb';
import {
  PageCard,
  PagedTable,
  RefreshButton,
  StatusFilter,
  useListParams,
  type Columns,
} from '../../../components/data-table';
import { getStoredUser } from '../../../lib/session';
import { TemplateReviewSummary } from '../components/template-columns';
import { ReviewDecision } from './ReviewDecision';
import { useReviewDecision, useReviewQueue } from './api';

const column = createColumnHelper<TemplateRow>();

/** The queue's columns: the caption, review and pacing, and the decision for reviewers. */
function reviewColumns(decide: ((row: TemplateRow) => ReactNode) | null): Columns<TemplateRow> {
  return [
    column.accessor('text_wa', {
      header: t('template.caption'),
      cell: ({ row: { original: row } }) => (
        <>
          <p className="max-w-sm text-sm whitespace-pre-line">{row.text_wa || '-'}</p>
          <TemplateReviewSummary row={row} />
        </>
      ),
    }),
    ...(decide
      ? [
          column.display({
            id: 'action',
            header: t('common.action'),
            cell: ({ row: { original: row } }) => decide(row),
          }),
        ]
      : []),
  ];
}

/**
 * /message/review: the templates waiting for review, oldest first (or another review state). Staff and
 * admin approve or reject; dev, who writes templates, reads the queue without deciding.
 */
export function TemplateReviewPage() {
  const { pageAndStatusQuery } = useListParams();
  const list = useReviewQueue(pageAndStatusQuery.replace(/(^|&)status=/, '$1state='));
  const decision = useReviewDecision();
  const mayReview = TEMPLATE_REVIEW_ROLES.includes(getStoredUser()?.role ?? 'member');
  const columns = reviewColumns(
    mayReview
      ? (row) => (
          <ReviewDecision
            row={row}
            busy={decision.isPending}
            onDecide={(choice, reason) =>
              decision.mutate({ id: row.id, body: { decision: choice, ...(reason ? { reason } : {}) } })
            }
          />
        )
      : null,
  );
  return (
    <>
      <Breadcrumb title={t('route./message/review')} />
      <PageCard
        title={t('route./message/review')}
        actions={<RefreshButton onRefresh={() => list.refetch()} />}
      >
        {mayReview ? null : (
          <p className="mb-3 text-sm text-gray-500 dark:text-gray-400">{t('template.reviewOnlyStaff')}</p>
        )}
        <StatusFilter values={REVIEW_STATES} label={(value) => t(`template.review.${value}`)} />
        <PagedTable
          label={t('route./message/review')}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          listKey="message-review"
        />
      </PageCard>
    </>
  );
}
