import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  DEFAULT_WITHDRAW,
  MIN_WITHDRAW,
  WITHDRAW_CODE_NO_BANK,
  withdrawRequestSchema,
  type User,
  type WithdrawRequest,
} from '@blaster/contract';
import { formatRupiah, t, useMessages } from '../../../i18n';
import { Button } from '../../../components/form';
import { MoneyField } from '../../../components/MoneyInput';
import { PageCard } from '../../../components/data-table';
import { ApiError, callEndpoint, errorText } from '../../../lib/api';
import { errorDialog } from '../../../lib/dialogs';
import { withdrawKeys } from '../api';
import { PaidToAccount } from './PaidToAccount';

/** Amounts one tap away; any other is typed. */
const QUICK_AMOUNTS = [50_000, 100_000, 250_000, 500_000] as const;

/** The card where a member asks for a withdrawal. */
export function WithdrawRequestForm({ user }: { user: User }) {
  const userId = user.id;
  const MSG = useMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setValue } = useForm<WithdrawRequest>({
    resolver: zodResolver(withdrawRequestSchema),
    defaultValues: { nominal: DEFAULT_WITHDRAW, userId },
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
    <PageCard title={t('withdraw.formTitle')}>
      <form onSubmit={handleSubmit((body) => request.mutate(body))} noValidate className="space-y-5">
        <PaidToAccount user={user} />
        <MoneyField
          control={control}
          name="nominal"
          id="withdraw-nominal"
          label={t('common.nominal')}
          hint={t('withdraw.minimum', { amount: formatRupiah(MIN_WITHDRAW) })}
        />
        <div role="group" aria-label={t('withdraw.quickAmounts')} className="flex flex-wrap gap-2">
          {QUICK_AMOUNTS.map((amount) => (
            <button
              key={amount}
              type="button"
              className="rounded-full border border-gray-300 px-3 py-1.5 text-xs font-medium whitespace-nowrap text-gray-700 tabular-nums hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-white/5"
              onClick={() => setValue('nominal', amount, { shouldValidate: true })}
            >
              {formatRupiah(amount)}
            </button>
          ))}
        </div>
        {requestError && <p className="text-sm text-danger">{requestError}</p>}
        <Button type="submit" className="w-full" loading={request.isPending} disabled={request.isPending}>
          {request.isPending ? MSG.sendingUpdate : t('withdraw.request')}
        </Button>
      </form>
    </PageCard>
  );
}
