import { WEBHOOK_DELIVERY_STATUSES, type WebhookEndpoint } from '@blaster/contract';
import { inputClass } from '../../../components/form';
import { WEBHOOK_TEXT, statusLabel } from '../texts';

/** The deliveries' filters: one receiver, one status. */
export function DeliveryFilters({
  endpoints,
  endpointFilter,
  statusFilter,
  set,
}: {
  endpoints: WebhookEndpoint[] | undefined;
  endpointFilter: string;
  statusFilter: string;
  set(changes: Record<string, string | number>): void;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <select
        aria-label={WEBHOOK_TEXT.allEndpoints}
        value={endpointFilter}
        onChange={(event) => set({ endpoint: event.target.value, page: 1 })}
        className={`${inputClass()} sm:max-w-xs`}
      >
        <option value="">{WEBHOOK_TEXT.allEndpoints}</option>
        {endpoints?.map((endpoint) => (
          <option key={endpoint.id} value={endpoint.id}>
            {endpoint.url}
          </option>
        ))}
      </select>
      <select
        aria-label={WEBHOOK_TEXT.allStatuses}
        value={statusFilter}
        onChange={(event) => set({ status: event.target.value, page: 1 })}
        className={`${inputClass()} sm:w-auto sm:max-w-xs`}
      >
        <option value="">{WEBHOOK_TEXT.allStatuses}</option>
        {WEBHOOK_DELIVERY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </select>
    </div>
  );
}
