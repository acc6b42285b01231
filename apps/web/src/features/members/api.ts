import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { userKeys } from '../profile/api';
import { settingKeys } from '../settings/api';
import { callEndpoint } from '../../lib/api';
import { FRESH_RECORD } from '../../components/RecordPage';

/** The list page's query: the page, the search and the status filter. */
interface MemberListParams {
  pageQuery: string;
  search: string;
  status: string;
}

export const memberKeys = {
  all: ['members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  list: (params: MemberListParams) => [...memberKeys.lists(), params] as const,
  blastFee: (id: number) => [...memberKeys.all, 'blast-fee', id] as const,
  // The profile page reads the same user under this key: saving a member refreshes it there too.
  user: (id: number) => userKeys.detail(id),
};
// The settings page and the profile read the settings under this key too.

/** One page of members; `query` is the search string the server reads. */
export function useMemberList(params: MemberListParams, query: URLSearchParams) {
  const MSG = useMessages();
  return useQuery({
    queryKey: memberKeys.list(params),
    queryFn: () =>
      callEndpoint('membersPerPage', { search: query.toString() }, { fallback: MSG.errorFetchingMemberList }),
    placeholderData: keepPreviousData,
  });
}

/** The member an edit screen names (read fresh each time). */
export function useMember(id: number) {
  const MSG = useMessages();
  return useQuery({
    queryKey: memberKeys.user(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    queryFn: () => callEndpoint('userGet', { params: { id } }, { fallback: MSG.errorFetchingUser }),
    ...FRESH_RECORD,
  });
}

/** The member's blast fee override, once the member is read. */
export function useBlastFee(id: number, enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.blastFee(id),
    enabled,
    queryFn: () => callEndpoint('blastFee', { params: { id } }),
    ...FRESH_RECORD,
  });
}

/** The panel's settings (the default blast fee). */
export function useSettings() {
  return useQuery({
    queryKey: settingKeys.all,
    queryFn: () => callEndpoint('settingGet'),
    ...FRESH_RECORD,
  });
}

/** After a member is saved: the member and the member lists read again. */
export function useRefreshMember() {
  const queryClient = useQueryClient();
  return async (id: number) => {
    await queryClient.invalidateQueries({ queryKey: memberKeys.user(id) });
    await queryClient.invalidateQueries({ queryKey: memberKeys.lists() });
  };
}
