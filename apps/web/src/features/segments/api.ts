import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A saved segment's numbers now, and those a blast could claim now. */
export function useSegmentCount(id: number | null) {
  return useQuery({
    queryKey: segmentKeys.count(id ?? 0),
    queryFn: () => callEndpoint('segmentCount', { params: { id: id! } }),
    enabled: id !== null,
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
