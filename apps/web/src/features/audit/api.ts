import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (query: string) => [...auditKeys.lists(), query] as const,
};

/** One page of the audit log; `query` holds the page, sort and filters. */
export function useAuditLog(query: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => callEndpoint('auditPerPage', { search: query }, { fallback: MSG.errorFetchingAuditList }),
    placeholderData: keepPreviousData,
  });
}
