import { useQuery } from '@tanstack/react-query';
import { type AnswerOf, API } from '@blaster/contract';
import { apiRequest } from '../../lib/api';

export const staffUserKeys = {
  all: ['staff-users'] as const,
};

export function useStaffUsers() {
  return useQuery({
    queryKey: staffUserKeys.all,
    queryFn: () => apiRequest<AnswerOf<'staffUsers'>>(API.staffUsers),
  });
}
