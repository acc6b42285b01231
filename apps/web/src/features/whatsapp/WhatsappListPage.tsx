import { useState } from 'react';
import { WHATSAPP_FILTERS, isOperatorRole } from '@blaster/contract';
import { t, tValue, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  useListParams,
  AddLink,
  ListFilters,
  useListSearch,
} from '../../components/data-table';
import { useSession } from '../../lib/session';
import { userChannel } from '../../lib/user-channel';
import { CampaignCards } from '../campaign/CampaignCards';
import { SegmentPicker } from '../segments/SegmentPicker';
import { useWhatsappList } from './api';
import { accountColumns } from './columns';
import { useLiveAccounts } from './live';
import { useAccountActions } from './use-account-actions';

/** /whatsapp and /member/whatsapp?id=: chat accounts with live counts and blast controls. */
export function WhatsappListPage() {
  const MSG = useMessages();
  const { user } = useSession();
  const { pageQuery, params } = useListParams();
  const role = user?.role;
  const operator = isOperatorRole(role);
  const chosenUser = params.get('id');
  const searchBox = useListSearch();
  const search = searchBox.search;
  const status = params.get('status') ?? '';

  const query = new URLSearchParams(pageQuery);
  if (chosenUser) query.set('user_id', chosenUser);
  else if (!operator && user) query.set('user_id', String(user.id));
  if (search) query.set('search', search);
  if (status) query.set('s', status);
  const list = useWhatsappList({ pageQuery, chosenUser, search, status }, query);
  const channel = userChannel(user);
  const { rows, patch, started } = useLiveAccounts(list.data?.data, channel, list.refetch, list.isFetching);
  const [segmentId, setSegmentId] = useState<number | null>(null);
  const canBlast = role === 'member' || role === 'dev';
  const actions = useAccountActions({ channel, patch, started, refetch: list.refetch, segmentId });
  const columns = accountColumns({ role, operator, canBlast }, actions);

  const title = role === 'member' ? MSG.whatsappTitleMember : MSG.whatsappTitleDev;
  return (
    <>
      <Breadcrumb title={title} />
      <CampaignCards
        owner={user ? (chosenUser ? Number(chosenUser) : operator ? 'all' : user.id) : null}
        channel={channel}
        canControl={canBlast}
      />
      <PageCard
        title={title}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            {role === 'member' && <AddLink to="/whatsapp/create" />}
          </>
        }
      >
        {canBlast && <SegmentPicker value={segmentId} onChange={setSegmentId} />}
        <ListFilters
          search={searchBox}
          searchLabel={MSG.searchWhatsapp}
          statuses={{
            all: t('common.filterAll', { label: MSG.filterStatus }),
            options: WHATSAPP_FILTERS.map((value) => ({
              value,
              label: tValue(value === 'sending' || value === 'suspended' ? 'blastStatus' : 'state', value),
            })),
          }}
        />
        <PagedTable
          label={title}
          list={list}
          columns={columns}
          // Until the live rows take the server's answer, show the answer itself.
          rows={list.data ? (rows.length || list.data.data.length === 0 ? rows : list.data.data) : undefined}
          rowKey={(row) => row.id}
          listKey="whatsapp"
          sortable
          pageSizes
        />
      </PageCard>
    </>
  );
}
