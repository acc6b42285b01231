import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useListParams } from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { useWebhookDeliveries, useWebhookEndpoints, webhookKeys } from './api';
import { ROW_ACTIONS, WEBHOOK_TEXT, type RowAction } from './texts';

/** The receivers and the page of deliveries the address asks for (page, endpoint and status filters). */
export function useWebhookLists() {
  const queryClient = useQueryClient();
  const { pageQuery, params, set } = useListParams();
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
  return { endpoints, deliveries, endpointFilter, statusFilter, set, refreshAll };
}

/**
 * A row's action (test, rotate, delete, retry, replay): its answer's message as a toast, a rotated
 * secret handed to `onSecret`, and both lists read again.
 */
export function useWebhookRowAction(
  refreshAll: () => Promise<unknown>,
  onSecret: (revealed: { url: string; secret: string }) => void,
) {
  return useMutation({
    mutationFn: ({ action, id }: RowAction) => callEndpoint(ROW_ACTIONS[action], { params: { id } }),
    onSuccess: async (answer) => {
      if ('secret' in answer) onSecret({ url: answer.data.url, secret: answer.secret });
      toast.success(answer.msg);
      await refreshAll();
    },
    onError: (error) => toast.error(errorText(error)),
  });
}
