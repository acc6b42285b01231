import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AnswerOf,
  API,
  STATS_TEXT as SPEC_STATS_TEXT,
  type LookupKind,
  type LookupRow,
} from '@blaster/contract';
import { textTable, useMessages } from '../../i18n';
import { apiRequest, callEndpoint } from '../../lib/api';

/** The list page's query: the page and the search. */
interface LookupListParams {
  pageQuery: string;
  search: string;
}

export const lookupKeys = {
  all: ['lookup'] as const,
  lists: (kind: LookupKind) => [...lookupKeys.all, kind, 'list'] as const,
  list: (kind: LookupKind, params: LookupListParams) => [...lookupKeys.lists(kind), params] as const,
  /** The record page adds the id. */
  detail: (kind: LookupKind) => [...lookupKeys.all, kind, 'detail'] as const,
  stats: (kind: LookupKind, owner: number | string, bucket: 'hour' | 'day') =>
    [...lookupKeys.all, kind, 'stats', owner, bucket] as const,
};

// The contract's texts in the chosen language.
const STATS_TEXT = textTable('stats', SPEC_STATS_TEXT);

/** One page of generators or validators; `query` is the search string the server reads. */
export function useLookupList(kind: LookupKind, params: LookupListParams, query: URLSearchParams) {
  const MSG = useMessages();
  return useQuery({
    queryKey: lookupKeys.list(kind, params),
    queryFn: () =>
      apiRequest<AnswerOf<'lookupPerPage'>>(`${API.lookupPerPage(kind)}?${query}`, {
        fallback: kind === 'generator' ? MSG.errorFetchingGeneratorList : MSG.internalServerError,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Found and not found per hour or per day. */
export function useLookupStats(kind: LookupKind, owner: number | string, bucket: 'hour' | 'day') {
  return useQuery({
    queryKey: lookupKeys.stats(kind, owner, bucket),
    queryFn: () =>
      callEndpoint(
        'statsLookups',
        { params: { userId: owner }, query: { kind, bucket } },
        { fallback: STATS_TEXT.failed },
      ),
    // Running jobs add results all the time; the chart follows them once a minute.
    refetchInterval: 60_000,
  });
}

/** Reads the kind's lists again (after a save or a delete). */
export function useRefreshLookups(kind: LookupKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: lookupKeys.lists(kind) });
}

/** Starts or stops a job; answers the job as it is now. */
export function useLookupControl(kind: LookupKind) {
  const MSG = useMessages();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'start' | 'stop' }) =>
      apiRequest<Record<LookupKind, LookupRow>>(
        action === 'start' ? API.lookupStart(kind) : API.lookupStop(kind),
        {
          method: 'POST',
          body: { id },
          fallback: MSG.networkError,
        },
      ),
  });
}

/** The numbers a job found. */
export function useLookupResult(kind: LookupKind) {
  return useMutation({
    mutationFn: (id: number) => apiRequest<AnswerOf<'lookupResult'>>(API.lookupResult(kind, id)),
  });
}

/** Deletes a job; its lists read again. */
export function useDeleteLookup(kind: LookupKind) {
  const MSG = useMessages();
  const refresh = useRefreshLookups(kind);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(API.lookup(kind, id), { method: 'DELETE', fallback: MSG.networkError }),
    onSuccess: () => refresh(),
  });
}
