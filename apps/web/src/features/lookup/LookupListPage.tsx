import type { LookupKind } from '@blaster/contract';
import { t } from '../../i18n';
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
import { useLookupList } from './api';
import { lookupColumns } from './columns';
import { LookupChart } from './LookupChart';
import { LOOKUP_TITLES as TITLES } from './titles';
import { useLiveLookups } from './use-live-lookups';
import { useLookupActions } from './use-lookup-actions';

/**
 * /generator/list and /validator/list: jobs with live progress and their controls, searched by account
 * and sorted on the server by the headers that offer it.
 */
export function LookupListPage({ kind }: { kind: LookupKind }) {
  const { user } = useSession();
  const { pageQuery } = useListParams();
  const searchBox = useListSearch();
  const search = searchBox.search;

  const query = new URLSearchParams(pageQuery);
  // Dev lists everyone's items (user_id null); everyone else their own.
  query.set('user_id', user?.role === 'dev' ? 'null' : String(user?.id ?? ''));
  if (search) query.set('search', search);
  const list = useLookupList(kind, { pageQuery, search }, query);
  const { rows, setRow } = useLiveLookups(kind, user, list.data?.data);
  const actions = useLookupActions(kind, setRow);
  const columns = lookupColumns(kind, actions);

  return (
    <>
      <Breadcrumb title={TITLES[kind]} />
      {user && <LookupChart kind={kind} user={user} />}
      <PageCard
        title={TITLES[kind]}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            <AddLink to={`/${kind}/create`} />
          </>
        }
      >
        <ListFilters
          search={searchBox}
          searchLabel={t('common.search')}
          placeholder={t('lookup.searchAccount')}
        />
        <PagedTable
          label={TITLES[kind]}
          list={list}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          listKey={kind}
          sortable
          pageSizes
        />
      </PageCard>
    </>
  );
}
