import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AnswerOf, API } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { apiRequest } from '../../lib/api';

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
      apiRequest<AnswerOf<'referralPerPage'>>(`${API.referralPerPage}?${pageQuery}`, {
        fallback: MSG.errorFetchingReferralList,
      }),
    placeholderData: keepPreviousData,
  });
}
