import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { WithdrawRow, WithdrawStatus } from '@blaster/contract';
import { formatRupiah, useMessages } from '../../i18n';
import { callEndpoint, errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';
import { withdrawKeys } from './api';
import type { Decision } from './withdraw-decisions';

/** An admin's decision on a request, and the request whose decision is being sent. */
export function useWithdrawDecision() {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  const [updating, setUpdating] = useState<number | null>(null);

  const decide = useMutation({
    mutationFn: (change: { id: number; status: WithdrawStatus }) =>
      callEndpoint('withdrawUpdate', { body: change }, { fallback: MSG.networkError }),
    onMutate: ({ id }) => setUpdating(id),
    onSettled: () => setUpdating(null),
    onSuccess: async (answer) => {
      toast.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: withdrawKeys.requests() });
    },
    onError: (error) => toast.error(errorText(error, MSG.networkError)),
  });

  // Each decision moves money: it is asked back with the amount and the member before it is sent.
  const confirmAndDecide = async (withdrawal: WithdrawRow, action: Decision) => {
    const name = `${withdrawal.User.firstname} ${withdrawal.User.lastname}`;
    if (await confirmDialog(action.question(formatRupiah(withdrawal.nominal), name), action.confirm))
      decide.mutate({ id: withdrawal.id, status: action.to });
  };

  return { updating, confirmAndDecide };
}
