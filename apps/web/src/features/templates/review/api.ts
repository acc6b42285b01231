import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TemplateReviewBody } from '@blaster/contract';
import { t } from '../../../i18n';
import { callEndpoint, errorText } from '../../../lib/api';
import { templateKeys } from '../api';

/** Under the template keys: a decision refreshes the template list too. */
const reviewKeys = {
  list: (pageQuery: string) => [...templateKeys.all, 'review', pageQuery] as const,
};

/** One page of the review queue (`state=` in the query; pending unless asked). */
export function useReviewQueue(pageQuery: string) {
  return useQuery({
    queryKey: reviewKeys.list(pageQuery),
    queryFn: () => callEndpoint('messageReviewList', { search: pageQuery }),
    placeholderData: keepPreviousData,
  });
}

/** A reviewer's decision on one template; the lists are read again after it. */
export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TemplateReviewBody }) =>
      callEndpoint('messageReview', { params: { id }, body }),
    onSuccess: async (_answer, { body }) => {
      toast.success(t(body.decision === 'approve' ? 'template.approved' : 'template.rejected'));
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
    onError: (error) => toast.error(errorText(error)),
  });
}
