import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const proxyKeys = {
  all: ['proxies'] as const,
  lists: () => [...proxyKeys.all, 'list'] as const,
  list: (pageQuery: string) => [...proxyKeys.lists(), pageQuery] as const,
  // Outside `all`: a save refreshes the lists by their root and must not read again the record still
  // on screen. The record page adds the id.
  detail: () => ['proxy'] as const,
};

/** One page of proxy records. */
export function useProxyList(pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: proxyKeys.list(pageQuery),
    queryFn: () =>
      callEndpoint('proxyPerPage', { search: pageQuery }, { fallback: MSG.errorFetchingProxyList }),
    placeholderData: keepPreviousData,
  });
}

/** Reads the proxy lists again. */
export function useRefreshProxies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: proxyKeys.all });
}
