import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Banknote, CircleCheck, Hourglass, Wallet } from 'lucide-react';
import {
  DEFAULT_WITHDRAW,
  MIN_WITHDRAW,
  WITHDRAW_CODE_NO_BANK,
  withdrawRequestSchema,
  type User,
  type WithdrawRequest,
} from '@blaster/contract';
import { formatRupiah, t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button } from '../../components/form';
import { MoneyField } from '../../components/MoneyInput';
import { PagedTable, PageCard, RefreshButton, useListParams } from '../../components/data-table';
import { StatGrid } from '../../components/StatCard';
import { ApiError, callEndpoint, errorText } from '../../lib/api';
import { errorDialog } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { statusRowClass, withdrawColumns } from './columns';
import { useMoneyFigure, useWithdrawHistory, withdrawKeys } from './api';

/** /withdraw: a member's request form, balance panel and request history. */
export function WithdrawPage() {
  const { user } = useSession();
  if (!user) return null;
  return <WithdrawScreen user={user} />;
}

function WithdrawScreen({ user }: { user: User }) {
  const MSG = useMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pageQuery } = useListParams();
  const balance = useMoneyFigure('balance', 'balance', user.id, MSG.errorFetchingBalance);
  const income = useMoneyFigure('income', 'withdrawIncome', user.id, MSG.errorFetchingIncome);
  const requested = useMoneyFigure(
    'requested',
    'withdrawTotalRequested',
    user.id,
    MSG.errorFetchingWithdrawTotal,
  );
  const accepted = useMoneyFigure(
    'accepted',
    'withdrawTotalAccepted',
    user.id,
    MSG.errorFetchingWithdrawTotal,
  );
  const history = useWithdrawHistory(user.id, pageQuery);

  const { control, handleSubmit } = useForm<WithdrawRequest>({
    resolver: zodResolver(withdrawRequestSchema),
    defaultValues: { nominal: DEFAULT_WITHDRAW, userId: user.id },
  });
  const request = useMutation({
    mutationFn: (body: WithdrawRequest) =>
      callEndpoint('withdrawRequest', { body }, { fallback: MSG.networkError }),
    onSuccess: async (answer) => {
      toast.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: withdrawKeys.money() });
      await queryClient.invalidateQueries({ queryKey: withdrawKeys.histories() });
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === WITHDRAW_CODE_NO_BANK) {
        // Without bank details there is nowhere to send the money: complete the profile first.
        await errorDialog(MSG.withdrawFailedTitle, error.message);
        void navigate('/profile?edit=1');
      }
    },
  });
  const requestError =
    request.error && !(request.error instanceof ApiError && request.error.code === WITHDRAW_CODE_NO_BANK)
      ? errorText(request.error)
      : null;

  return (
    <>
      <Breadcrumb title={t('route./withdraw')} />
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
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <PageCard title={t('withdraw.formTitle')}>
          <form onSubmit={handleSubmit((body) => request.mutate(body))} noValidate className="space-y-5">
            <MoneyField
              control={control}
              name="nominal"
              id="withdraw-nominal"
              label={t('common.nominal')}
              hint={`Minimal ${formatRupiah(MIN_WITHDRAW)}`}
            />
            {requestError && <p className="text-sm text-red-500">{requestError}</p>}
            <Button type="submit" className="w-full" loading={request.isPending} disabled={request.isPending}>
              {request.isPending ? MSG.sendingUpdate : t('withdraw.request')}
            </Button>
          </form>
        </PageCard>
        <div className="xl:col-span-2">
          <PageCard
            title={t('withdraw.history')}
            actions={<RefreshButton onRefresh={() => history.refetch()} />}
          >
            <PagedTable
              label={t('withdraw.history')}
              list={history}
              columns={withdrawColumns({ withMember: false })}
              rowKey={(row) => row.id}
              rowClassName={(row) => statusRowClass[row.original.status]}
            />
          </PageCard>
        </div>
      </div>
    </>
  );
}
