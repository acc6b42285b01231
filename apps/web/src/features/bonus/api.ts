import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const bonusKeys = {
  all: ['bonus'] as const,
  lists: () => [...bonusKeys.all, 'list'] as const,
  list: (query: string) => [...bonusKeys.lists(), query] as const,
  total: (userId: number | undefined) => ['bonus-total', userId] as const,
  members: () => ['members-all'] as const,
};

/** One page of bonuses; `query` is the page, its size and sort, and the search, as the server reads them. */
export function useBonuses(query: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: bonusKeys.list(query),
    queryFn: () => callEndpoint('bonusPerPage', { search: query }, { fallback: MSG.errorFetchingBonusList }),
    placeholderData: keepPreviousData,
  });
}

/** A member's own bonus total (operators see no total). */
export function useBonusTotal(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: bonusKeys.total(userId),
    enabled,
    queryFn: () => callEndpoint('totalBonus', { params: { userId: userId! } }),
  });
}

/** Every member, to choose whom a bonus goes to. */
export function useBonusMembers() {
  return useQuery({
    queryKey: bonusKeys.members(),
    queryFn: () => callEndpoint('members'),
  });
}
