import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button } from '../../components/form';
import { DataTable, PageCard, PagedTable, RefreshButton } from '../../components/data-table';
import { errorText } from '../../lib/api';
import { DeliveryFilters } from './components/DeliveryFilters';
import { EndpointForm } from './components/EndpointForm';
import { SecretNotice } from './components/SecretNotice';
import { deliveryColumns } from './components/delivery-columns';
import { endpointColumns } from './components/endpoint-columns';
import { EMPTY_DRAFT, WEBHOOK_TEXT, draftOf, type Draft } from './texts';
import { useWebhookLists, useWebhookRowAction } from './use-webhooks-page';

/** Outbound webhooks: the receivers, a form to add or change one, and the deliveries with their state. */
export function WebhooksPage() {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [revealed, setRevealed] = useState<{ url: string; secret: string } | null>(null);
  const { endpoints, deliveries, endpointFilter, statusFilter, set, refreshAll } = useWebhookLists();
  const act = useWebhookRowAction(refreshAll, setRevealed);

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
            <p className="text-sm text-muted">{WEBHOOK_TEXT.noEndpoints}</p>
          ) : (
            <DataTable
              label={WEBHOOK_TEXT.endpointsTitle}
              columns={endpointTable}
              rows={endpoints.data?.data}
              loading={endpoints.isFetching}
              error={endpoints.error ? errorText(endpoints.error) : null}
              rowKey={(row) => row.id}
              listKey="webhook_endpoints"
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
            listKey="webhook_deliveries"
            sortable
            pageSizes
          />
        </PageCard>
      </div>
    </>
  );
}
