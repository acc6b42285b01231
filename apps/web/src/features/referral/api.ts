import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const referralKeys = {
  all: ['referral'] as const,
  lists: () => [...referralKeys.all, 'list'] as const,
  list: (query: string) => [...referralKeys.lists(), query] as const,
};

/** One page of referrals; `query` is the page, its size and sort, and the search. */
export function useReferrals(query: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: referralKeys.list(query),
    queryFn: () =>
      callEndpoint('referralPerPage', { search: query }, { fallback: MSG.errorFetchingReferralList }),
    placeholderData: keepPreviousData,
  });
}
