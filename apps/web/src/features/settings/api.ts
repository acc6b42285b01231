import { useQuery } from '@tanstack/react-query';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';
import { FRESH_RECORD } from '../../components/RecordPage';

/** One key for the panel's settings: the member editor and the profile editor read it too. */
export const settingKeys = {
  all: ['setting'] as const,
};

/** The settings page always starts from the server's copy. */
export function useSettings() {
  const MSG = useMessages();
  return useQuery({
    queryKey: settingKeys.all,
    queryFn: () => callEndpoint('settingGet', {}, { fallback: MSG.errorFetchingSetting }),
    ...FRESH_RECORD,
  });
}
