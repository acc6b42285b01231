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
  history: (userId: number, query: string) => [...withdrawKeys.histories(), userId, query] as const,
  /** Every member's requests, as operators see them. */
  requests: () => [...withdrawKeys.all, 'requests'] as const,
  requestList: (query: string) => [...withdrawKeys.requests(), query] as const,
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

/** A member's own requests; `query` is the page, its size and sort, and the search. */
export function useWithdrawHistory(userId: number, query: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: withdrawKeys.history(userId, query),
    queryFn: () =>
      callEndpoint(
        'withdrawHistoriesPerPage',
        { search: query, query: { user_id: userId } },
        { fallback: MSG.errorFetchingHistoryList },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every member's requests; `query` is the page, its size and sort, the status and the search. */
export function useWithdrawRequests(query: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: withdrawKeys.requestList(query),
    queryFn: () =>
      callEndpoint(
        'withdrawHistoriesPerPage',
        { search: query },
        { fallback: MSG.errorFetchingAllHistoryList },
      ),
    placeholderData: keepPreviousData,
  });
}
