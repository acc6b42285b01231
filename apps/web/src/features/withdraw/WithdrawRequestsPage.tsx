import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import {
  REALTIME_CHANNEL_ADMIN,
  isOperatorRole,
  type WithdrawRow,
  type WithdrawStatus,
} from '@blaster/contract';
import { formatRupiah, t, useMessages, type Messages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { PagedTable, PageCard, RefreshButton, useListParams } from '../../components/data-table';
import type { Columns } from '../../components/data-table';
import { UserText } from '../../components/UserText';
import { callEndpoint, errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';
import { subscribe } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { statusRowClass, withdrawColumns } from './columns';
import { useWithdrawRequests, withdrawKeys } from './api';

const column = createColumnHelper<WithdrawRow>();

interface Decision {
  to: WithdrawStatus;
  label: string;
  tone: string;
  /** The question asked before the decision is sent, and its confirm button. */
  question(amount: string, name: string): string;
  confirm: string;
}
/** The decisions offered per status, in the language shown: only the moves the server accepts from it. */
function decisionsIn(MSG: Messages): Record<WithdrawStatus, Decision[]> {
  const accept: Decision = {
    to: 'accepted',
    label: MSG.accept,
    tone: 'bg-emerald-600 hover:bg-emerald-700 text-white',
    question: MSG.confirmAcceptWithdraw,
    confirm: MSG.yesAccept,
  };
  const reject: Decision = {
    to: 'rejected',
    label: MSG.reject,
    tone: 'bg-red-600 hover:bg-red-700 text-white',
    question: MSG.confirmRejectWithdraw,
    confirm: MSG.yesReject,
  };
  const cancel: Decision = {
    to: 'requested',
    label: MSG.cancelDecision,
    tone: 'bg-gray-600 hover:bg-gray-700 text-white',
    question: MSG.confirmCancelWithdraw,
    confirm: MSG.yesCancelDecision,
  };
  return { requested: [accept, reject], accepted: [cancel], rejected: [cancel] };
}

/** /withdraw/requested: every request; only admin decides on them. */
export function WithdrawRequestsPage() {
  const MSG = useMessages();
  const ACTIONS = decisionsIn(MSG);
  const { user } = useSession();
  const canDecide = user?.role === 'admin';
  const { pageQuery } = useListParams();
  const queryClient = useQueryClient();
  const [updating, setUpdating] = useState<number | null>(null);
  const [openDetails, setOpenDetails] = useState<Set<number>>(new Set());

  const list = useWithdrawRequests(pageQuery);

  // New requests appear without a reload for viewers of the admin channel.
  useEffect(() => {
    if (!isOperatorRole(user?.role)) return;
    return subscribe(REALTIME_CHANNEL_ADMIN, (message) => {
      if (message.event === 'withdraw_requested')
        void queryClient.invalidateQueries({ queryKey: withdrawKeys.requests() });
    });
  }, [user?.role, queryClient]);

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

  const toggleDetails = (id: number) =>
    setOpenDetails((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns = [
    ...withdrawColumns({ withMember: true }),
    ...(canDecide
      ? [
          column.display({
            id: 'action',
            header: t('common.action'),
            cell: ({ row }) => {
              const withdrawal = row.original;
              const open = openDetails.has(withdrawal.id);
              return (
                <div className="space-y-2">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <button
                      type="button"
                      aria-expanded={open}
                      onClick={() => toggleDetails(withdrawal.id)}
                      className="rounded-md border border-gray-300 px-2 py-1 text-xs text-gray-700 hover:bg-white dark:border-gray-600 dark:text-gray-300"
                    >
                      {MSG.transferDetail}
                    </button>
                    {updating === withdrawal.id ? (
                      <span className="text-xs font-medium">{MSG.sendingUpdate}</span>
                    ) : (
                      ACTIONS[withdrawal.status].map((action) => (
                        <button
                          key={action.to}
                          type="button"
                          disabled={updating !== null}
                          onClick={() => void confirmAndDecide(withdrawal, action)}
                          className={`rounded-md px-2.5 py-1 text-xs font-medium disabled:opacity-60 ${action.tone}`}
                        >
                          {action.label}
                        </button>
                      ))
                    )}
                  </div>
                  {open && (
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
                      <dt className="text-gray-500">{t('profile.bank')}</dt>
                      <dd>
                        <UserText text={withdrawal.User.account_bank} />
                      </dd>
                      <dt className="text-gray-500">{t('withdraw.accountNumber')}</dt>
                      <dd>
                        <UserText text={withdrawal.User.account_number} />
                      </dd>
                      <dt className="text-gray-500">{t('withdraw.accountName')}</dt>
                      <dd>
                        <UserText text={withdrawal.User.account_name} />
                      </dd>
                    </dl>
                  )}
                </div>
              );
            },
          }),
        ]
      : []),
  ] as Columns<WithdrawRow>;

  return (
    <>
      <Breadcrumb title={MSG.withdrawRequestsTitle} />
      <PageCard
        title={MSG.withdrawRequestsTitle}
        actions={<RefreshButton onRefresh={() => list.refetch()} />}
      >
        <PagedTable
          label={MSG.withdrawRequestsTitle}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          rowClassName={(row) => statusRowClass[row.original.status]}
        />
      </PageCard>
    </>
  );
}
