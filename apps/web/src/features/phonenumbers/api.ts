import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHONE_LIST_LIMIT } from '@blaster/contract';
import { useMessages } from '../../i18n';
import { callEndpoint } from '../../lib/api';

export const phoneNumberKeys = {
  all: ['phonenumbers'] as const,
  lists: () => [...phoneNumberKeys.all, 'list'] as const,
  list: (pageQuery: string) => [...phoneNumberKeys.lists(), pageQuery] as const,
  // Outside `all`: a save refreshes the lists by their root and must not read again the record still
  // on screen, nor the blaster's receiver picks, which are read again on their own.
  /** The record page adds the id. */
  detail: () => ['phonenumber'] as const,
  pick: (search: string) => ['phonenumbers-pick', search] as const,
  /** Under `all`: a saved number may bring a new field key. */
  fieldKeys: () => [...phoneNumberKeys.all, 'field-keys'] as const,
};

/** The custom field keys numbers carry (the registry: one small read, whatever the list's size). */
export function useFieldKeys() {
  return useQuery({
    queryKey: phoneNumberKeys.fieldKeys(),
    queryFn: () => callEndpoint('phoneFieldKeys'),
    staleTime: 60_000,
  });
}

/** One page of the blast targets. */
export function usePhoneNumberList(pageQuery: string) {
  const MSG = useMessages();
  return useQuery({
    queryKey: phoneNumberKeys.list(pageQuery),
    queryFn: () =>
      callEndpoint('phonePerPage', { search: pageQuery }, { fallback: MSG.errorFetchingPhoneNumberList }),
    placeholderData: keepPreviousData,
  });
}

/** Active numbers matching `search`, searched on the server (the list is far too long to send). */
export function useReceiverPick(search: string, enabled: boolean) {
  const MSG = useMessages();
  return useQuery({
    queryKey: phoneNumberKeys.pick(search),
    enabled,
    queryFn: () =>
      callEndpoint(
        'phoneList',
        { query: { status: 'active', limit: PHONE_LIST_LIMIT, search } },
        { fallback: MSG.errorFetchingPhoneNumberList },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Reads every list of numbers again. */
export function useRefreshPhoneNumbers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: phoneNumberKeys.all });
}
