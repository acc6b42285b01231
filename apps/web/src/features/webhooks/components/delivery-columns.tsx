import { createColumnHelper } from '@tanstack/react-table';
import type { WEBHOOK_DELIVERY_SORT_KEYS, WebhookDelivery } from '@blaster/contract';
import { t } from '../../../i18n';
import { formatDateTime, smallLinkClass, type Columns } from '../../../components/data-table';
import { STATUS_CLASSES, WEBHOOK_TEXT, failureText, statusLabel, type RowActing } from '../texts';

const deliveryColumn = createColumnHelper<WebhookDelivery>();

/** The deliveries' table: when and where, the event, its state and attempts, and retry or replay. */
export function deliveryColumns(act: RowActing): Columns<WebhookDelivery> {
  return [
    deliveryColumn.accessor('createdAt', {
      header: WEBHOOK_TEXT.createdAt,
      meta: { sortKey: 'time' satisfies (typeof WEBHOOK_DELIVERY_SORT_KEYS)[number] },
      cell: ({ row: { original } }) => (
        <div className="whitespace-nowrap">
          {formatDateTime(original.createdAt)}
          <div className="max-w-48 truncate text-xs text-muted" title={original.endpointUrl}>
            {original.endpointUrl}
          </div>
        </div>
      ),
    }),
    deliveryColumn.display({
      id: 'event',
      header: WEBHOOK_TEXT.eventType,
      cell: ({ row: { original } }) => (
        <div>
          <code className="text-xs">{original.eventType}</code>
          <div className="text-xs text-muted" title={original.eventId}>
            {original.accountId === null ? '' : t('webhook.deliveryAccount', { id: original.accountId })}#
            {original.sequence}
          </div>
          {original.detail && <div className="text-xs text-muted">{original.detail}</div>}
        </div>
      ),
    }),
    deliveryColumn.display({
      id: 'status',
      header: WEBHOOK_TEXT.status,
      cell: ({ row: { original } }) => (
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_CLASSES[original.status]}`}
        >
          {statusLabel(original.status)}
        </span>
      ),
    }),
    deliveryColumn.accessor('attempts', { header: WEBHOOK_TEXT.attempts, meta: { figure: true } }),
    deliveryColumn.display({
      id: 'next',
      header: WEBHOOK_TEXT.nextAttempt,
      cell: ({ row: { original } }) =>
        original.status === 'delivered' ? (
          <span className="whitespace-nowrap text-xs text-muted">
            {WEBHOOK_TEXT.deliveredAt} {formatDateTime(original.deliveredAt)}
          </span>
        ) : (
          <span className="whitespace-nowrap">{formatDateTime(original.nextAttemptAt)}</span>
        ),
    }),
    deliveryColumn.display({
      id: 'error',
      header: WEBHOOK_TEXT.lastError,
      cell: ({ row: { original } }) => (
        <span className="block max-w-56 text-xs break-words text-red-600 dark:text-red-400">
          {original.status === 'delivered' ? '' : original.lastError ? failureText(original.lastError) : '-'}
        </span>
      ),
    }),
    deliveryColumn.display({
      id: 'retry',
      header: '',
      cell: ({ row: { original } }) => <DeliveryRetryButton delivery={original} act={act} />,
    }),
  ];
}

/** Retry now for a delivery still being tried; replay for one given up after the retry limit. */
function DeliveryRetryButton({ delivery, act }: { delivery: WebhookDelivery; act: RowActing }) {
  if (delivery.status === 'delivered') return null;
  // Given up after the retry limit: sent again from scratch, its attempts counted anew.
  const action = delivery.status === 'dead' ? 'replay' : 'retry';
  return (
    <button
      type="button"
      className={`${smallLinkClass} whitespace-nowrap`}
      disabled={act.isPending}
      onClick={() => act.mutate({ action, id: delivery.id })}
    >
      {action === 'replay' ? WEBHOOK_TEXT.replay : WEBHOOK_TEXT.retryNow}
    </button>
  );
}
