import { useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';
import { saveUser } from '../../lib/session';
import { settingKeys } from '../settings/api';

// ['user', id] is shared with the member editor, which refreshes the same record.
export const userKeys = {
  all: ['user'] as const,
  detail: (id: number | undefined) => [...userKeys.all, id] as const,
};

/** The signed-in user fresh from the server; the stored copy is refreshed with it. */
export function useFreshUser(id: number | undefined) {
  const MSG = useMessages();
  return useQuery({
    queryKey: userKeys.detail(id),
    enabled: id !== undefined,
    queryFn: async () => {
      const answer = await callEndpoint(
        'userGet',
        { params: { id: id! } },
        { fallback: MSG.errorFetchingUser },
      );
      saveUser(answer.user);
      return answer.user;
    },
  });
}

/** The settings a member's profile form needs (the bank names). */
export function useProfileSettings() {
  return useQuery({
    queryKey: settingKeys.all,
    queryFn: () => callEndpoint('settingGet'),
  });
}
