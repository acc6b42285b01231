import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const bonusKeys = {
  all: ['bonus'] as const,
  lists: () => [...bonusKeys.all, 'list'] as const,
  list: (pageQuery: string) => [...bonusKeys.lists(), pageQuery] as const,
  total: (userId: number | undefined) => ['bonus-total', userId] as const,
  members: () => ['members-all'] as const,
};

export function useBonuses(pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: bonusKeys.list(pageQuery),
    queryFn: () =>
      callEndpoint('bonusPerPage', { search: pageQuery }, { fallback: MSG.errorFetchingBonusList }),
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
