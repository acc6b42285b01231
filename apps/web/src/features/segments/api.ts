import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SegmentBody, SegmentFilterInput } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const segmentKeys = {
  all: ['segments'] as const,
  list: () => [...segmentKeys.all, 'list'] as const,
  count: (id: number) => [...segmentKeys.all, 'count', id] as const,
  preview: (filter: SegmentFilterInput) => [...segmentKeys.all, 'preview', filter] as const,
};

/** How long the builder waits after the last change before it asks for the live count. */
export const PREVIEW_DEBOUNCE_MS = 400;

export function useSegments(enabled = true) {
  const MSG = useMessages();
  return useQuery({
    queryKey: segmentKeys.list(),
    queryFn: () => callEndpoint('segmentList', undefined, { fallback: MSG.networkError }),
    enabled,
  });
}

/** A saved segment's count, one query per segment: the list's lines and the sizes chart share it. */
const segmentCountQuery = (id: number) => ({
  queryKey: segmentKeys.count(id),
  queryFn: () => callEndpoint('segmentCount', { params: { id } }),
});

/** A saved segment's numbers now, and those a blast could claim now. */
export function useSegmentCount(id: number | null) {
  return useQuery({ ...segmentCountQuery(id ?? 0), enabled: id !== null });
}

/**
 * Every listed segment's count at once, for the sizes chart: the same queries as each line's count,
 * so the chart asks nothing the list has not asked already.
 */
export function useSegmentCounts(ids: number[]) {
  return useQueries({
    queries: ids.map(segmentCountQuery),
    combine: (results) => ({
      counts: results.map((result) => result.data),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
    }),
  });
}

/** A value that follows `value` once it has held still for `ms`. */
function useDebounced<T>(value: T, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The builder's live count of a filter not saved yet, asked once typing pauses. */
export function usePreviewCount(filter: SegmentFilterInput) {
  const settled = useDebounced(JSON.stringify(filter), PREVIEW_DEBOUNCE_MS);
  return useQuery({
    queryKey: segmentKeys.preview(JSON.parse(settled) as SegmentFilterInput),
    queryFn: () =>
      callEndpoint('segmentPreviewCount', { body: { filter: JSON.parse(settled) as SegmentFilterInput } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSaveSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SegmentBody }) =>
      id === null
        ? callEndpoint('segmentCreate', { body })
        : callEndpoint('segmentUpdate', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint('segmentDelete', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}
