import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AB_TEST_RUNNING, type AbTestBody, type AbTestRow } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const abTestKeys = {
  all: ['abtests'] as const,
  list: () => [...abTestKeys.all, 'list'] as const,
  templates: () => [...abTestKeys.all, 'templates'] as const,
};

/** A test still under way is read again this often: its numbers move as its sample is sent. */
const RUNNING_REFRESH_MS = 5_000;

export const isRunning = (test: AbTestRow) => (AB_TEST_RUNNING as readonly string[]).includes(test.status);

export function useAbTests() {
  const MSG = useMessages();
  return useQuery({
    queryKey: abTestKeys.list(),
    queryFn: () => callEndpoint('abTestList', undefined, { fallback: MSG.networkError }),
    refetchInterval: (query) => (query.state.data?.list.some(isRunning) ? RUNNING_REFRESH_MS : false),
  });
}

/** The templates a test may use: active, approved and not paused. */
export function useAbTestTemplates(enabled: boolean) {
  return useQuery({
    queryKey: abTestKeys.templates(),
    queryFn: () => callEndpoint('abTestTemplates'),
    enabled,
  });
}

export function useCreateAbTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AbTestBody) => callEndpoint('abTestCreate', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: abTestKeys.all }),
  });
}

export function useCancelAbTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint('abTestCancel', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: abTestKeys.all }),
  });
}
