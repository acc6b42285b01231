import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const suppressionKeys = {
  all: ['suppression'] as const,
  lists: () => [...suppressionKeys.all, 'list'] as const,
  list: (query: string) => [...suppressionKeys.lists(), query] as const,
};

export function useSuppressionList(query: string) {
  return useQuery({
    queryKey: suppressionKeys.list(query),
    queryFn: () => callEndpoint('suppressionPerPage', { search: query }),
    placeholderData: keepPreviousData,
  });
}
