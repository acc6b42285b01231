import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointPath, type EndpointAnswer, type Endpoints } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { callEndpoint, endpointRoute } from '../../lib/api';

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

/** The endpoints of a member's money figures, each named by the member's id. */
type MoneyFigure = 'balance' | 'withdrawIncome' | 'withdrawTotalRequested' | 'withdrawTotalAccepted';

export function useMoneyFigure<N extends MoneyFigure>(
  key: string,
  name: N,
  userId: number,
  fallback: string,
) {
  return useQuery({
    queryKey: withdrawKeys.moneyFigure(key, endpointPath(endpointRoute(name).path, { userId })),
    // Each of the figures answers its own shape; the union's call is narrowed back to the one named.
    queryFn: () =>
      callEndpoint<MoneyFigure>(name, { params: { userId } }, { fallback }) as Promise<
        EndpointAnswer<Endpoints[N]>
      >,
  });
}

export function useWithdrawHistory(userId: number, pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: withdrawKeys.history(userId, pageQuery),
    queryFn: () =>
      callEndpoint(
        'withdrawHistoriesPerPage',
        { search: pageQuery, query: { user_id: userId } },
        { fallback: MSG.errorFetchingHistoryList },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawRequests(pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: withdrawKeys.requestList(pageQuery),
    queryFn: () =>
      callEndpoint(
        'withdrawHistoriesPerPage',
        { search: pageQuery },
        { fallback: MSG.errorFetchingAllHistoryList },
      ),
    placeholderData: keepPreviousData,
  });
}
