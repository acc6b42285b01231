import { Banknote, CircleCheck, Hourglass, Wallet } from 'lucide-react';
import { formatRupiah, t, useMessages } from '../../../i18n';
import { StatGrid } from '../../../components/StatCard';
import { useMoneyFigure } from '../api';

/** A member's balance, income, requests in progress and money withdrawn. */
export function WithdrawStats({ userId }: { userId: number }) {
  const MSG = useMessages();
  const balance = useMoneyFigure('balance', 'balance', userId, MSG.errorFetchingBalance);
  const income = useMoneyFigure('income', 'withdrawIncome', userId, MSG.errorFetchingIncome);
  const requested = useMoneyFigure(
    'requested',
    'withdrawTotalRequested',
    userId,
    MSG.errorFetchingWithdrawTotal,
  );
  const accepted = useMoneyFigure(
    'accepted',
    'withdrawTotalAccepted',
    userId,
    MSG.errorFetchingWithdrawTotal,
  );

  return (
    <StatGrid
      className="mb-6"
      stats={[
        {
          testId: 'withdraw-balance',
          title: t('withdraw.balance'),
          icon: Wallet,
          value: formatRupiah(balance.data?.balance),
          query: balance,
        },
        {
          testId: 'withdraw-income',
          title: t('common.income'),
          icon: Banknote,
          tone: 'green',
          value: formatRupiah(income.data?.income),
          query: income,
        },
        {
          testId: 'withdraw-requested',
          title: t('withdraw.inProgress'),
          icon: Hourglass,
          tone: 'amber',
          value: formatRupiah(requested.data?.total),
          query: requested,
        },
        {
          testId: 'withdraw-accepted',
          title: t('withdraw.withdrawn'),
          icon: CircleCheck,
          tone: 'gray',
          value: formatRupiah(accepted.data?.total),
          query: accepted,
        },
      ]}
    />
  );
}
