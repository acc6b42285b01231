import type { User } from '@blaster/contract';
import { t } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  ListFilters,
  PagedTable,
  PageCard,
  RefreshButton,
  useListParams,
  useListSearch,
} from '../../components/data-table';
import { useSession } from '../../lib/session';
import { statusRowClass, withdrawColumns } from './columns';
import { useWithdrawHistory } from './api';
import { useFreshUser } from '../profile/api';
import { useLiveWithdrawals } from './use-live-withdrawals';
import { WithdrawRequestForm } from './components/WithdrawRequestForm';
import { WithdrawStats } from './components/WithdrawStats';

/** /withdraw: a member's request form, balance panel and request history. */
export function WithdrawPage() {
  const { user } = useSession();
  if (!user) return null;
  return <WithdrawScreen user={user} />;
}

function WithdrawScreen({ user }: { user: User }) {
  const { pageQuery } = useListParams();
  // A member's own history is searched by amount.
  const searchBox = useListSearch();
  const query = new URLSearchParams(pageQuery);
  if (searchBox.search) query.set('search', searchBox.search);
  const history = useWithdrawHistory(user.id, query.toString());
  // The bank account as the server has it now (changed on another device, say), not as signed in.
  const fresh = useFreshUser(user.id);
  useLiveWithdrawals(user.id);

  return (
    <>
      <Breadcrumb title={t('route./withdraw')} />
      <WithdrawStats userId={user.id} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <WithdrawRequestForm user={fresh.data ?? user} />
        <div className="xl:col-span-2">
          <PageCard
            title={t('withdraw.history')}
            actions={<RefreshButton onRefresh={() => history.refetch()} />}
          >
            <ListFilters search={searchBox} searchLabel={t('withdraw.search')} />
            <PagedTable
              label={t('withdraw.history')}
              list={history}
              columns={withdrawColumns({ withMember: false })}
              rowKey={(row) => row.id}
              rowClassName={(row) => statusRowClass[row.original.status]}
              listKey="withdraw_history"
              sortable
              pageSizes
            />
          </PageCard>
        </div>
      </div>
    </>
  );
}
