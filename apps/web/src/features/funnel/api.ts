import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FunnelGroup } from '@blaster/contract';
import { callEndpoint } from '../../lib/api';

/** Funnels move as acknowledgements arrive: read again this often while on screen. */
export const FUNNEL_REFRESH_MS = 3_000;

export const funnelKeys = {
  all: ['funnel'] as const,
  detail: (owner: number | 'all', by: FunnelGroup, accountId: number | null, templateId: number | null) =>
    [...funnelKeys.all, 'detail', owner, by, accountId, templateId] as const,
};

/**
 * Delivery funnel counts of `owner` (a member's own id, or 'all' for operators), grouped by `by`;
 * of one account's and one template's sends when given. The same arguments share one query.
 */
export function useFunnel(
  owner: number | 'all',
  by: FunnelGroup,
  accountId: number | null,
  templateId: number | null = null,
) {
  return useQuery({
    queryKey: funnelKeys.detail(owner, by, accountId, templateId),
    queryFn: () =>
      callEndpoint('funnel', {
        params: { userId: owner },
        query: { by, whatsapp_id: accountId ?? undefined, template_id: templateId ?? undefined },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: FUNNEL_REFRESH_MS,
  });
}
