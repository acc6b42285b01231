import { useQuery } from '@tanstack/react-query';
import { type AnswerOf, API } from '@blaster/contract';
import { MSG } from '../../i18n';
import { apiRequest } from '../../lib/api';

// Starts with 'whatsapp': connecting an account refreshes every query whose key does.
export const healthKeys = {
  all: ['whatsapp-health'] as const,
  detail: (id: string) => [...healthKeys.all, 'detail', id] as const,
};

/** One chat account's health; `id` comes from the address and is read only when it is a number. */
export function useAccountHealth(id: string) {
  return useQuery({
    queryKey: healthKeys.detail(id),
    queryFn: () =>
      apiRequest<AnswerOf<'whatsappHealth'>>(API.whatsappHealth(id), {
        fallback: MSG.networkError,
      }),
    enabled: /^\d+$/.test(id),
  });
}
