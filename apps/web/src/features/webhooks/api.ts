import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
  deliveryList: (query: string) => [...webhookKeys.deliveries(), query] as const,
};

/** `fallback`: the text shown when the server gives no reason for a failure. */
export function useWebhookEndpoints(fallback: string) {
  return useQuery({
    queryKey: webhookKeys.endpoints(),
    queryFn: () => callEndpoint('webhookEndpointList', {}, { fallback }),
  });
}

/** One page of delivery attempts; `query` holds the page and the endpoint and status filters. */
export function useWebhookDeliveries(query: string, fallback: string) {
  return useQuery({
    queryKey: webhookKeys.deliveryList(query),
    queryFn: () => callEndpoint('webhookDeliveries', { search: query }, { fallback }),
    placeholderData: keepPreviousData,
  });
}
