import { createColumnHelper } from '@tanstack/react-table';
import type { WebhookEndpoint } from '@blaster/contract';
import { dangerLinkClass, smallLinkClass, type Columns } from '../../../components/data-table';
import { confirmDialog } from '../../../lib/dialogs';
import { WEBHOOK_TEXT, type RowActing } from '../texts';

const endpointColumn = createColumnHelper<WebhookEndpoint>();

/** The receivers' table: address and secret hint, events, state, and the row's buttons. */
export function endpointColumns({
  act,
  onEdit,
}: {
  act: RowActing;
  onEdit(endpoint: WebhookEndpoint): void;
}): Columns<WebhookEndpoint> {
  return [
    endpointColumn.display({
      id: 'url',
      header: WEBHOOK_TEXT.url,
      cell: ({ row: { original } }) => (
        <div className="max-w-xs break-all">
          <div className="font-medium text-gray-800 dark:text-white/90">{original.url}</div>
          {original.description && <div className="text-xs text-muted">{original.description}</div>}
          <div className="text-xs text-muted">
            {WEBHOOK_TEXT.secretHint} {original.secretHint}
          </div>
        </div>
      ),
    }),
    endpointColumn.display({
      id: 'events',
      header: WEBHOOK_TEXT.events,
      cell: ({ row: { original } }) => (
        <div className="flex max-w-xs flex-wrap gap-1">
          {original.events.map((event) => (
            <code key={event} className="rounded bg-gray-100 px-1.5 py-0.5 text-xs dark:bg-white/5">
              {event}
            </code>
          ))}
        </div>
      ),
    }),
    endpointColumn.display({
      id: 'active',
      header: WEBHOOK_TEXT.status,
      cell: ({ row: { original } }) => (
        <div className="whitespace-nowrap">
          {original.active ? WEBHOOK_TEXT.active : WEBHOOK_TEXT.inactive}
          <div className="text-xs text-muted">
            {WEBHOOK_TEXT.statusPending}: {original.pending}
          </div>
        </div>
      ),
    }),
    endpointColumn.display({
      id: 'actions',
      header: '',
      cell: ({ row: { original } }) => <EndpointRowActions endpoint={original} act={act} onEdit={onEdit} />,
    }),
  ];
}

/** A receiver's buttons: edit, send a test, rotate the secret and delete (the last two confirmed). */
function EndpointRowActions({
  endpoint,
  act,
  onEdit,
}: {
  endpoint: WebhookEndpoint;
  act: RowActing;
  onEdit(endpoint: WebhookEndpoint): void;
}) {
  return (
    <div className="flex flex-wrap gap-1">
      <button type="button" className={smallLinkClass} onClick={() => onEdit(endpoint)}>
        {WEBHOOK_TEXT.edit}
      </button>
      <button
        type="button"
        className={smallLinkClass}
        disabled={act.isPending}
        onClick={() => act.mutate({ action: 'test', id: endpoint.id })}
      >
        {WEBHOOK_TEXT.sendTest}
      </button>
      <button
        type="button"
        className={smallLinkClass}
        disabled={act.isPending}
        onClick={async () => {
          if (await confirmDialog(WEBHOOK_TEXT.confirmRotate, WEBHOOK_TEXT.rotateSecret))
            act.mutate({ action: 'rotate', id: endpoint.id });
        }}
      >
        {WEBHOOK_TEXT.rotateSecret}
      </button>
      <button
        type="button"
        className={dangerLinkClass}
        disabled={act.isPending}
        onClick={async () => {
          if (await confirmDialog(WEBHOOK_TEXT.confirmDelete(endpoint.url), WEBHOOK_TEXT.delete))
            act.mutate({ action: 'delete', id: endpoint.id });
        }}
      >
        {WEBHOOK_TEXT.delete}
      </button>
    </div>
  );
}
