import { useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';
import { whatsappKeys } from '../whatsapp/api';

// Under the accounts' root: connecting an account invalidates `whatsappKeys.all`, its health included.
export const healthKeys = {
  all: [...whatsappKeys.all, 'health'] as const,
  detail: (id: string) => [...healthKeys.all, 'detail', id] as const,
};

/** One chat account's health; `id` comes from the address and is read only when it is a number. */
export function useAccountHealth(id: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: healthKeys.detail(id),
    queryFn: () => callEndpoint('whatsappHealth', { params: { id } }, { fallback: MSG.networkError }),
    enabled: /^\d+$/.test(id),
  });
}
