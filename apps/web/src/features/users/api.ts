import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

export const staffUserKeys = {
  all: ['staff-users'] as const,
};

export function useStaffUsers() {
  return useQuery({
    queryKey: staffUserKeys.all,
    queryFn: () => callEndpoint('staffUsers'),
  });
}
