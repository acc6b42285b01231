import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AnswerOf, API } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { apiRequest } from '../../lib/api';

export const withdrawKeys = {
  all: ['withdraw'] as const,
  /** A member's balance, income and request totals. */
  money: () => [...withdrawKeys.all, 'money'] as const,
  moneyFigure: (key: string, path: string) => [...withdrawKeys.money(), key, path] as const,
  /** A member's own request history. */
  histories: () => [...withdrawKeys.all, 'history'] as const,
  history: (userId: number, pageQuery: string) => [...withdrawKeys.histories(), userId, pageQuery] as const,
  /** Every member's requests, as operators see them. */
  requests: () => [...withdrawKeys.all, 'requests'] as const,
  requestList: (pageQuery: string) => [...withdrawKeys.requests(), pageQuery] as const,
};

export function useMoneyFigure<T>(key: string, path: string, fallback: string) {
  return useQuery({
    queryKey: withdrawKeys.moneyFigure(key, path),
    queryFn: () => apiRequest<T>(path, { fallback }),
  });
}

export function useWithdrawHistory(userId: number, pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: withdrawKeys.history(userId, pageQuery),
    queryFn: () =>
      apiRequest<AnswerOf<'withdrawHistoriesPerPage'>>(
        `${API.withdrawHistoriesPerPage}?${pageQuery}&user_id=${userId}`,
        {
          fallback: MSG.errorFetchingHistoryList,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawRequests(pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: withdrawKeys.requestList(pageQuery),
    queryFn: () =>
      apiRequest<AnswerOf<'withdrawHistoriesPerPage'>>(`${API.withdrawHistoriesPerPage}?${pageQuery}`, {
        fallback: MSG.errorFetchingAllHistoryList,
      }),
    placeholderData: keepPreviousData,
  });
}
