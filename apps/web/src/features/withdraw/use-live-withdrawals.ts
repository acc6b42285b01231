import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { WithdrawRow } from '@blaster/contract';
import { formatRupiah, t } from '../../i18n';
import { subscribe } from '../../lib/realtime';
import { withdrawKeys } from './api';

/** What a member reads when an admin decides on one of their requests (or takes a decision back). */
export function decisionNotice(withdraw: Pick<WithdrawRow, 'status' | 'nominal'>) {
  const amount = formatRupiah(withdraw.nominal);
  if (withdraw.status === 'accepted')
    return { tone: 'success' as const, text: t('withdraw.acceptedNotice', { amount }) };
  if (withdraw.status === 'rejected')
    return { tone: 'error' as const, text: t('withdraw.rejectedNotice', { amount }) };
  return { tone: 'info' as const, text: t('withdraw.reopenedNotice', { amount }) };
}

/**
 * A member's withdraw page follows the admin's decisions while it is open: the balance and the history
 * are fetched again, and a notice says what was decided.
 */
export function useLiveWithdrawals(userId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe(String(userId), (message) => {
        if (message.event !== 'withdraw_updated') return;
        const notice = decisionNotice(message.payload.withdraw);
        toast[notice.tone](notice.text, { id: `withdraw-${message.payload.withdraw.id}` });
        void queryClient.invalidateQueries({ queryKey: withdrawKeys.money() });
        void queryClient.invalidateQueries({ queryKey: withdrawKeys.histories() });
      }),
    [userId, queryClient],
  );
}
