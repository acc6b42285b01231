import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button } from '../../components/form';
import { DataTable, PageCard, PagedTable, RefreshButton, useListParams } from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { useWebhookDeliveries, useWebhookEndpoints, webhookKeys } from './api';
import { DeliveryFilters } from './components/DeliveryFilters';
import { EndpointForm } from './components/EndpointForm';
import { SecretNotice } from './components/SecretNotice';
import { deliveryColumns } from './components/delivery-columns';
import { endpointColumns } from './components/endpoint-columns';
import { EMPTY_DRAFT, ROW_ACTIONS, WEBHOOK_TEXT, draftOf, type Draft, type RowAction } from './texts';

/** Outbound webhooks: the receivers, a form to add or change one, and the deliveries with their state. */
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
    mutationFn: ({ action, id }: RowAction) => callEndpoint(ROW_ACTIONS[action], { params: { id } }),
    onSuccess: async (answer) => {
      if ('secret' in answer) setRevealed({ url: answer.data.url, secret: answer.secret });
      toast.success(answer.msg);
      await refreshAll();
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const endpointTable = endpointColumns({ act, onEdit: (endpoint) => setDraft(draftOf(endpoint)) });
  const deliveryTable = deliveryColumns(act);

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
          {revealed && <SecretNotice revealed={revealed} onDismiss={() => setRevealed(null)} />}
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
              columns={endpointTable}
              rows={endpoints.data?.data}
              loading={endpoints.isFetching}
              error={endpoints.error ? errorText(endpoints.error) : null}
              rowKey={(row) => row.id}
            />
          )}
        </PageCard>

        <PageCard title={WEBHOOK_TEXT.deliveriesTitle} actions={<RefreshButton onRefresh={refreshAll} />}>
          <DeliveryFilters
            endpoints={endpoints.data?.data}
            endpointFilter={endpointFilter}
            statusFilter={statusFilter}
            set={set}
          />
          <PagedTable
            label={WEBHOOK_TEXT.deliveriesTitle}
            list={deliveries}
            columns={deliveryTable}
            rowKey={(row) => row.id}
          />
        </PageCard>
      </div>
    </>
  );
}
