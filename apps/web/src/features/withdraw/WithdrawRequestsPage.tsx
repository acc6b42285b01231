import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import {
  REALTIME_CHANNEL_ADMIN,
  WITHDRAW_STATUSES,
  isOperatorRole,
  type WithdrawRow,
} from '@blaster/contract';
import { messages, t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  ListFilters,
  PagedTable,
  PageCard,
  RefreshButton,
  useListParams,
  useListSearch,
} from '../../components/data-table';
import type { Columns } from '../../components/data-table';
import { subscribe } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { STATUS_LABEL, statusRowClass, withdrawColumns } from './columns';
import { useWithdrawRequests, withdrawKeys } from './api';
import { decisionsIn } from './withdraw-decisions';
import { useWithdrawDecision } from './use-withdraw-decision';
import { WithdrawDecisionCell } from './components/WithdrawDecisionCell';

const column = createColumnHelper<WithdrawRow>();

/** The status filter's choices: 'Filter Status: Semua', then each status. */
const statusChoices = () => ({
  all: t('common.filterAll', { label: messages().filterStatus }),
  options: WITHDRAW_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] })),
});

/**
 * /withdraw/requested: every request, searched by member or amount and filtered by status; only
 * admin decides on them.
 */
export function WithdrawRequestsPage() {
  const MSG = useMessages();
  const ACTIONS = decisionsIn(MSG);
  const { user } = useSession();
  const canDecide = user?.role === 'admin';
  const { pageAndStatusQuery } = useListParams();
  const searchBox = useListSearch();
  const queryClient = useQueryClient();
  const { updating, confirmAndDecide } = useWithdrawDecision();
  const [openDetails, setOpenDetails] = useState<Set<number>>(new Set());

  const query = new URLSearchParams(pageAndStatusQuery);
  if (searchBox.search) query.set('search', searchBox.search);
  const list = useWithdrawRequests(query.toString());

  // New requests appear without a reload for viewers of the admin channel.
  useEffect(() => {
    if (!isOperatorRole(user?.role)) return;
    return subscribe(REALTIME_CHANNEL_ADMIN, (message) => {
      if (message.event === 'withdraw_requested')
        void queryClient.invalidateQueries({ queryKey: withdrawKeys.requests() });
    });
  }, [user?.role, queryClient]);

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
            cell: ({ row: { original: withdrawal } }) => (
              <WithdrawDecisionCell
                withdrawal={withdrawal}
                decisions={ACTIONS[withdrawal.status]}
                open={openDetails.has(withdrawal.id)}
                onToggle={() => toggleDetails(withdrawal.id)}
                updating={updating}
                onDecide={(action) => void confirmAndDecide(withdrawal, action)}
              />
            ),
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
        {!canDecide && (
          <p role="note" className="mb-4 text-sm text-gray-600 dark:text-gray-300">
            {t('withdraw.readOnlyNote')}
          </p>
        )}
        <ListFilters search={searchBox} searchLabel={t('withdraw.search')} statuses={statusChoices()} />
        <PagedTable
          label={MSG.withdrawRequestsTitle}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          rowClassName={(row) => statusRowClass[row.original.status]}
          listKey="withdraw_requests"
          sortable
          pageSizes
        />
      </PageCard>
    </>
  );
}
