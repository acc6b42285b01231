import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const levelKeys = {
  all: ['levels'] as const,
  lists: () => [...levelKeys.all, 'list'] as const,
  list: (pageQuery: string) => [...levelKeys.lists(), pageQuery] as const,
  /** One level read by the edit page; kept apart from the lists so saving refreshes only the lists. */
  details: () => ['level'] as const,
};

export function useLevels(pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: levelKeys.list(pageQuery),
    queryFn: () =>
      callEndpoint('levelPerPage', { search: pageQuery }, { fallback: MSG.errorFetchingLevelList }),
    placeholderData: keepPreviousData,
  });
}
