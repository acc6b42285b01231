import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const referralKeys = {
  all: ['referral'] as const,
  lists: () => [...referralKeys.all, 'list'] as const,
  list: (pageQuery: string) => [...referralKeys.lists(), pageQuery] as const,
};

export function useReferrals(pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: referralKeys.list(pageQuery),
    queryFn: () =>
      callEndpoint('referralPerPage', { search: pageQuery }, { fallback: MSG.errorFetchingReferralList }),
    placeholderData: keepPreviousData,
  });
}
