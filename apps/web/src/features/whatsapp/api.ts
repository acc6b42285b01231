import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { dashboardKeys } from '../dashboard/api';
import { callEndpoint } from '../../lib/api';

/** The list page's query: the page, the chosen member, the search and the status filter. */
interface WhatsappListParams {
  pageQuery: string;
  chosenUser: string | null;
  search: string;
  status: string;
}

/** Every account query starts with `all`, so one invalidation reaches every account list. */
export const whatsappKeys = {
  all: ['whatsapp'] as const,
  lists: () => [...whatsappKeys.all, 'list'] as const,
  list: (params: WhatsappListParams) => [...whatsappKeys.lists(), params] as const,
  /** Every account the viewer may send from (the blaster's senders). */
  senders: () => [...whatsappKeys.all, 'senders'] as const,
  /** One member's accounts (the generator and validator forms). */
  ownedBy: (userId: number | undefined) => [...whatsappKeys.all, 'owned-by', userId] as const,
};

const configKey = ['config'] as const;

/** One page of the account list; `query` is the search string the server reads. */
export function useWhatsappList(params: WhatsappListParams, query: URLSearchParams) {
  const MSG = useMessages();
  return useQuery({
    queryKey: whatsappKeys.list(params),
    queryFn: () =>
      callEndpoint(
        'whatsappPerPage',
        { search: query.toString() },
        { fallback: MSG.errorFetchingWhatsappList },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every account the viewer may send from. */
export function useSenderAccounts(enabled: boolean) {
  const MSG = useMessages();
  return useQuery({
    queryKey: whatsappKeys.senders(),
    enabled,
    queryFn: () => callEndpoint('whatsappList', {}, { fallback: MSG.errorFetchingWhatsappList }),
  });
}

/** The accounts of one member. */
export function useAccountsOf(userId: number | undefined) {
  const MSG = useMessages();
  return useQuery({
    queryKey: whatsappKeys.ownedBy(userId),
    enabled: userId !== undefined,
    queryFn: () =>
      callEndpoint(
        'whatsappListOf',
        { params: { userId: userId! } },
        { fallback: MSG.errorFetchingWhatsappList },
      ),
  });
}

/** Which gateway the server runs (the sandbox one lets a code be "scanned" from the page). */
export function useGatewayConfig() {
  return useQuery({
    queryKey: configKey,
    queryFn: () => callEndpoint('config'),
    staleTime: Infinity,
  });
}

export function useStartBlast() {
  const MSG = useMessages();
  return useMutation({
    mutationFn: (body: {
      whatsappClientId: number;
      socketClientId: string | null;
      loop: boolean;
      segmentId?: number | null;
    }) => callEndpoint('whatsappStart', { body }, { fallback: MSG.networkError }),
  });
}

export function useStopBlast() {
  const MSG = useMessages();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint('whatsappStop', { body: { whatsappClientId: id } }, { fallback: MSG.networkError }),
  });
}

export function useReconnectAccount() {
  const MSG = useMessages();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint('whatsappReconnect', { body: { id } }, { fallback: MSG.networkError }),
  });
}

export function useResetAccount() {
  const MSG = useMessages();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint('whatsappReset', { body: { id } }, { fallback: MSG.networkError }),
  });
}

/** Lifts a suspension. */
export function useActivateAccount() {
  const MSG = useMessages();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint('whatsappActivate', { body: { id } }, { fallback: MSG.networkError }),
  });
}

/** After a new or reconnected account is saved: every account list and the dashboard read again. */
export function useRefreshAfterConnect() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: whatsappKeys.all });
    await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };
}

/** Refreshes the dashboard's figures. */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}
