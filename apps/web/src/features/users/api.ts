import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortDirection } from '@blaster/contract';
import { callEndpoint } from '../../lib/api';

export const staffUserKeys = {
  all: ['staff-users'] as const,
};

/**
 * The operators' accounts, sorted on the server as the address asks (`sort`, `dir`; the server ignores
 * a sort it does not offer).
 */
export function useStaffUsers(sort: { key: string | null; dir: SortDirection }) {
  const search = sort.key ? new URLSearchParams({ sort: sort.key, dir: sort.dir }).toString() : '';
  return useQuery({
    queryKey: [...staffUserKeys.all, search],
    queryFn: () => callEndpoint('staffUsers', { search }),
    placeholderData: keepPreviousData,
  });
}
