import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STATS_TEXT as SPEC_STATS_TEXT,
  type EndpointName,
  type LookupKind,
  type LookupRow,
} from '@blaster/contract';
import { textTable, useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

/** Each kind's endpoints by what they do. */
export const LOOKUP_ENDPOINTS = {
  generator: {
    perPage: 'generatorPerPage',
    get: 'generatorGet',
    delete: 'generatorDelete',
    start: 'generatorStart',
    stop: 'generatorStop',
    result: 'generatorResult',
  },
  validator: {
    perPage: 'validatorPerPage',
    get: 'validatorGet',
    delete: 'validatorDelete',
    start: 'validatorStart',
    stop: 'validatorStop',
    result: 'validatorResult',
  },
} as const satisfies Record<LookupKind, Record<string, EndpointName>>;

/** The job of an answer that names it by its kind: `{ generator }` or `{ validator }`. */
export const jobOf = (answer: { generator: LookupRow } | { validator: LookupRow }): LookupRow =>
  'generator' in answer ? answer.generator : answer.validator;

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
  allStats: (kind: LookupKind) => [...lookupKeys.all, kind, 'stats'] as const,
  stats: (kind: LookupKind, owner: number | string, bucket: 'hour' | 'day') =>
    [...lookupKeys.allStats(kind), owner, bucket] as const,
};

// The contract's texts in the chosen language.
const STATS_TEXT = textTable('stats', SPEC_STATS_TEXT);

/** One page of generators or validators; `query` is the search string the server reads. */
export function useLookupList(kind: LookupKind, params: LookupListParams, query: URLSearchParams) {
  const MSG = useMessages();
  return useQuery({
    queryKey: lookupKeys.list(kind, params),
    queryFn: () =>
      callEndpoint(
        LOOKUP_ENDPOINTS[kind].perPage,
        { search: query.toString() },
        { fallback: kind === 'generator' ? MSG.errorFetchingGeneratorList : MSG.internalServerError },
      ),
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
    mutationFn: async ({ id, action }: { id: number; action: 'start' | 'stop' }) =>
      jobOf(
        await callEndpoint(LOOKUP_ENDPOINTS[kind][action], { body: { id } }, { fallback: MSG.networkError }),
      ),
  });
}

/** The numbers a job found. */
export function useLookupResult(kind: LookupKind) {
  return useMutation({
    mutationFn: (id: number) => callEndpoint(LOOKUP_ENDPOINTS[kind].result, { params: { id } }),
  });
}

/** Deletes a job; its lists read again. */
export function useDeleteLookup(kind: LookupKind) {
  const MSG = useMessages();
  const refresh = useRefreshLookups(kind);
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(LOOKUP_ENDPOINTS[kind].delete, { params: { id } }, { fallback: MSG.networkError }),
    onSuccess: () => refresh(),
  });
}
