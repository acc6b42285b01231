import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (pageQuery: string) => [...templateKeys.lists(), pageQuery] as const,
  /** The record page adds the id. */
  detail: () => [...templateKeys.all, 'detail'] as const,
};

/** One page of message templates. */
export function useTemplateList(pageQuery: string) {
  return useQuery({
    queryKey: templateKeys.list(pageQuery),
    queryFn: () => callEndpoint('messagePerPage', { search: pageQuery }),
    placeholderData: keepPreviousData,
  });
}

/** Reads the template lists again (not the record a form still shows). */
export function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateKeys.lists() });
}
