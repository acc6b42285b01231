import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import {
  type AnswerOf,
  API,
  SUBSCRIBABLE_WEBHOOK_EVENTS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS as SPEC_WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEXT as SPEC_WEBHOOK_TEXT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@blaster/contract';
import { t, textTable } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Alert, Button, FieldError, TextField, inputClass } from '../../components/form';
import {
  DataTable,
  PageCard,
  PagedTable,
  RefreshButton,
  dangerLinkClass,
  formatDateTime,
  smallLinkClass,
  useListParams,
  type Columns,
} from '../../components/data-table';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';
import { useWebhookDeliveries, useWebhookEndpoints, webhookKeys } from './api';

// The contract's texts in the chosen language.
const WEBHOOK_TEXT = textTable('webhook', SPEC_WEBHOOK_TEXT, { confirmDelete: ['url'] });
const WEBHOOK_EVENT_LABELS = textTable('webhookEvent', SPEC_WEBHOOK_EVENT_LABELS);

type SubscribableEvent = (typeof SUBSCRIBABLE_WEBHOOK_EVENTS)[number];
interface Draft {
  id: number | null;
  url: string;
  description: string;
  events: SubscribableEvent[];
  active: boolean;
}
const EMPTY_DRAFT: Draft = { id: null, url: '', description: '', events: [], active: true };

const STATUS_LABEL_KEYS = {
  pending: 'statusPending',
  retrying: 'statusRetrying',
  delivered: 'statusDelivered',
  dead: 'statusDead',
} as const satisfies Record<WebhookDeliveryStatus, keyof typeof WEBHOOK_TEXT>;
const statusLabel = (status: WebhookDeliveryStatus) => WEBHOOK_TEXT[STATUS_LABEL_KEYS[status]];
const STATUS_CLASSES: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-gray-100 text-gray-700 dark:bg-white/5 dark:text-gray-300',
  retrying: 'bg-amber-50 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  delivered: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  dead: 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300',
};

/** Adds or edits one endpoint: its address, what it hears, whether it is active. */
function EndpointForm({
  draft,
  onDone,
  onSecret,
}: {
  draft: Draft;
  onDone(): void;
  onSecret(secret: { url: string; secret: string }): void;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(draft);
  const save = useMutation({
    mutationFn: () =>
      apiRequest<AnswerOf<'webhookEndpoint', 'PUT'>>(
        value.id === null ? API.webhookEndpoints : API.webhookEndpoint(value.id),
        {
          method: value.id === null ? 'POST' : 'PUT',
          body: {
            url: value.url,
            description: value.description,
            events: value.events,
            active: value.active,
          },
        },
      ),
    onSuccess: async (answer) => {
      if (answer.secret) onSecret({ url: answer.data.url, secret: answer.secret });
      toast.success(WEBHOOK_TEXT.saved);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() });
      onDone();
    },
  });
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const general = save.error && Object.keys(errors).length === 0 ? errorText(save.error) : null;
  const toggle = (event: SubscribableEvent) =>
    setValue((current) => ({
      ...current,
      events: current.events.includes(event)
        ? current.events.filter((item) => item !== event)
        : [...current.events, event],
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="mb-6 grid gap-4 rounded-xl border border-gray-200 p-4 dark:border-gray-800"
    >
      {general && <Alert>{general}</Alert>}
      <TextField
        id="webhook-url"
        label={WEBHOOK_TEXT.url}
        placeholder="https://receiver.example.com/blaster"
        value={value.url}
        error={errors.url}
        onChange={(event) => setValue({ ...value, url: event.target.value })}
      />
      <TextField
        id="webhook-description"
        label={WEBHOOK_TEXT.description}
        optional
        value={value.description}
        error={errors.description}
        onChange={(event) => setValue({ ...value, description: event.target.value })}
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-gray-700 dark:text-gray-400">
          {WEBHOOK_TEXT.events}
          <span className="ml-0.5 text-red-500">*</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SUBSCRIBABLE_WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={value.events.includes(event)}
                onChange={() => toggle(event)}
              />
              <span>
                <code className="text-xs">{event}</code>
                <span className="block text-xs text-gray-500 dark:text-gray-400">
                  {WEBHOOK_EVENT_LABELS[event]}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="webhook-events-error" message={errors.events} />
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
        <input
          type="checkbox"
          checked={value.active}
          onChange={(event) => setValue({ ...value, active: event.target.checked })}
        />
        {WEBHOOK_TEXT.active}
      </label>
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending}>
          {WEBHOOK_TEXT.save}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {WEBHOOK_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

const endpointColumn = createColumnHelper<WebhookEndpoint>();
const deliveryColumn = createColumnHelper<WebhookDelivery>();

/** /webhooks: the operator's receivers, and every delivery to them with its retries (admin and dev). */
export function WebhooksPage() {
  const queryClient = useQueryClient();
  const { pageQuery, params, set } = useListParams();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [revealed, setRevealed] = useState<{ url: string; secret: string } | null>(null);
  const endpointFilter = params.get('endpoint') ?? '';
  const statusFilter = params.get('status') ?? '';

  const endpoints = useWebhookEndpoints(WEBHOOK_TEXT.errorFetchingEndpoints);
  const query = new URLSearchParams(pageQuery);
  if (endpointFilter) query.set('endpoint', endpointFilter);
  if (statusFilter) query.set('status', statusFilter);
  const deliveries = useWebhookDeliveries(query.toString(), WEBHOOK_TEXT.errorFetchingDeliveries);
  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries() }),
    ]);

  const act = useMutation({
    mutationFn: ({ path, method }: { path: string; method: 'POST' | 'DELETE' }) =>
      // An empty JSON object: a JSON request without a body is refused as malformed.
      apiRequest<{ msg: string; secret?: string; data?: WebhookEndpoint }>(path, { method, body: {} }),
    onSuccess: async (answer) => {
      if (answer.secret && answer.data) setRevealed({ url: answer.data.url, secret: answer.secret });
      toast.success(answer.msg);
      await refreshAll();
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const endpointColumns: Columns<WebhookEndpoint> = [
    endpointColumn.display({
      id: 'url',
      header: WEBHOOK_TEXT.url,
      cell: ({ row: { original } }) => (
        <div className="max-w-xs break-all">
          <div className="font-medium text-gray-800 dark:text-white/90">{original.url}</div>
          {original.description && <div className="text-xs text-gray-500">{original.description}</div>}
          <div className="text-xs text-gray-400">
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
          <div className="text-xs text-gray-500">
            {WEBHOOK_TEXT.statusPending}: {original.pending}
          </div>
        </div>
      ),
    }),
    endpointColumn.display({
      id: 'actions',
      header: '',
      cell: ({ row: { original } }) => (
        <div className="flex flex-wrap gap-1">
          <button
            type="button"
            className={smallLinkClass}
            onClick={() =>
              setDraft({
                id: original.id,
                url: original.url,
                description: original.description,
                events: original.events,
                active: original.active,
              })
            }
          >
            {WEBHOOK_TEXT.edit}
          </button>
          <button
            type="button"
            className={smallLinkClass}
            disabled={act.isPending}
            onClick={() => act.mutate({ path: API.webhookTest(original.id), method: 'POST' })}
          >
            {WEBHOOK_TEXT.sendTest}
          </button>
          <button
            type="button"
            className={smallLinkClass}
            disabled={act.isPending}
            onClick={async () => {
              if (await confirmDialog(WEBHOOK_TEXT.confirmRotate, WEBHOOK_TEXT.rotateSecret))
                act.mutate({ path: API.webhookRotateSecret(original.id), method: 'POST' });
            }}
          >
            {WEBHOOK_TEXT.rotateSecret}
          </button>
          <button
            type="button"
            className={dangerLinkClass}
            disabled={act.isPending}
            onClick={async () => {
              if (await confirmDialog(WEBHOOK_TEXT.confirmDelete(original.url), WEBHOOK_TEXT.delete))
                act.mutate({ path: API.webhookEndpoint(original.id), method: 'DELETE' });
            }}
          >
            {WEBHOOK_TEXT.delete}
          </button>
        </div>
      ),
    }),
  ];

  const deliveryColumns: Columns<WebhookDelivery> = [
    deliveryColumn.accessor('createdAt', {
      header: WEBHOOK_TEXT.createdAt,
      cell: ({ row: { original } }) => (
        <div className="whitespace-nowrap">
          {formatDateTime(original.createdAt)}
          <div className="max-w-48 truncate text-xs text-gray-400" title={original.endpointUrl}>
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
          <div className="text-xs text-gray-400" title={original.eventId}>
            {original.accountId === null ? '' : t('webhook.deliveryAccount', { id: original.accountId })}#
            {original.sequence}
          </div>
          {original.detail && <div className="text-xs text-gray-500">{original.detail}</div>}
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
    deliveryColumn.accessor('attempts', { header: WEBHOOK_TEXT.attempts }),
    deliveryColumn.display({
      id: 'next',
      header: WEBHOOK_TEXT.nextAttempt,
      cell: ({ row: { original } }) =>
        original.status === 'delivered' ? (
          <span className="whitespace-nowrap text-xs text-gray-500">
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
          {original.status === 'delivered' ? '' : (original.lastError ?? '-')}
        </span>
      ),
    }),
    deliveryColumn.display({
      id: 'retry',
      header: '',
      cell: ({ row: { original } }) =>
        original.status === 'delivered' ? null : original.status === 'dead' ? (
          // Given up after the retry limit: sent again from scratch, its attempts counted anew.
          <button
            type="button"
            className={`${smallLinkClass} whitespace-nowrap`}
            disabled={act.isPending}
            onClick={() => act.mutate({ path: API.webhookReplay(original.id), method: 'POST' })}
          >
            {WEBHOOK_TEXT.replay}
          </button>
        ) : (
          <button
            type="button"
            className={`${smallLinkClass} whitespace-nowrap`}
            disabled={act.isPending}
            onClick={() => act.mutate({ path: API.webhookRetry(original.id), method: 'POST' })}
          >
            {WEBHOOK_TEXT.retryNow}
          </button>
        ),
    }),
  ];

  return (
    <>
      <Breadcrumb title={WEBHOOK_TEXT.title} />
      <div className="grid gap-6">
        <PageCard
          title={WEBHOOK_TEXT.endpointsTitle}
          actions={
            <Button type="button" className="py-2.5" onClick={() => setDraft(EMPTY_DRAFT)}>
              <Plus className="size-4" aria-hidden="true" />
              {WEBHOOK_TEXT.addEndpoint}
            </Button>
          }
        >
          {revealed && (
            <div
              role="status"
              className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
            >
              <p className="font-medium">{WEBHOOK_TEXT.secretOnce}</p>
              <p className="mt-1 text-xs break-all">{revealed.url}</p>
              <code className="mt-2 block rounded bg-white px-2 py-1 break-all select-all dark:bg-gray-900">
                {revealed.secret}
              </code>
              <button
                type="button"
                className={`${smallLinkClass} mt-2 -mx-2`}
                onClick={() => setRevealed(null)}
              >
                {t('common.ok')}
              </button>
            </div>
          )}
          {draft && (
            <EndpointForm
              key={draft.id ?? 'new'}
              draft={draft}
              onDone={() => setDraft(null)}
              onSecret={setRevealed}
            />
          )}
          {endpoints.data?.data.length === 0 ? (
            <p className="text-sm text-gray-500 dark:text-gray-400">{WEBHOOK_TEXT.noEndpoints}</p>
          ) : (
            <DataTable
              label={WEBHOOK_TEXT.endpointsTitle}
              columns={endpointColumns}
              rows={endpoints.data?.data}
              loading={endpoints.isFetching}
              error={endpoints.error ? errorText(endpoints.error) : null}
              rowKey={(row) => row.id}
            />
          )}
        </PageCard>

        <PageCard title={WEBHOOK_TEXT.deliveriesTitle} actions={<RefreshButton onRefresh={refreshAll} />}>
          <div className="mb-4 flex flex-col gap-3 sm:flex-row">
            <select
              aria-label={WEBHOOK_TEXT.allEndpoints}
              value={endpointFilter}
              onChange={(event) => set({ endpoint: event.target.value, page: 1 })}
              className={`${inputClass()} sm:max-w-xs`}
            >
              <option value="">{WEBHOOK_TEXT.allEndpoints}</option>
              {endpoints.data?.data.map((endpoint) => (
                <option key={endpoint.id} value={endpoint.id}>
                  {endpoint.url}
                </option>
              ))}
            </select>
            <select
              aria-label={WEBHOOK_TEXT.allStatuses}
              value={statusFilter}
              onChange={(event) => set({ status: event.target.value, page: 1 })}
              className={`${inputClass()} sm:max-w-48`}
            >
              <option value="">{WEBHOOK_TEXT.allStatuses}</option>
              {WEBHOOK_DELIVERY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabel(status)}
                </option>
              ))}
            </select>
          </div>
          <PagedTable
            label={WEBHOOK_TEXT.deliveriesTitle}
            list={deliveries}
            columns={deliveryColumns}
            rowKey={(row) => row.id}
          />
        </PageCard>
      </div>
    </>
  );
}
