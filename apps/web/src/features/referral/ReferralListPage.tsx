import { createColumnHelper } from '@tanstack/react-table';
import { type REFERRAL_SORT_KEYS, type ReferralRow } from '@blaster/contract';
import { formatRupiah, t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { initials } from '../../lib/initials';
import {
  ListFilters,
  PageCard,
  PagedTable,
  RefreshButton,
  useListParams,
  useListSearch,
} from '../../components/data-table';

import { useReferrals } from './api';

const column = createColumnHelper<ReferralRow>();
type ReferralSortKey = (typeof REFERRAL_SORT_KEYS)[number];
const columns = [
  column.display({
    id: 'from',
    header: () => t('referral.from'),
    // The column shows the name with the e-mail under it: its header sorts by either.
    meta: {
      sortKey: 'name' satisfies ReferralSortKey,
      alsoSortBy: { key: 'email' satisfies ReferralSortKey, label: () => t('common.email') },
    },
    cell: ({ row }) => (
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-600 dark:bg-brand-500/15 dark:text-brand-300"
        >
          {initials(row.original.firstname, row.original.lastname)}
        </span>
        <span className="min-w-0">
          <span className="block font-medium text-gray-800 dark:text-white/90">
            {row.original.firstname} {row.original.lastname}
          </span>
          <span className="block text-xs text-gray-500 [overflow-wrap:anywhere] dark:text-gray-400">
            {row.original.email}
          </span>
        </span>
      </div>
    ),
  }),
  column.accessor('income', {
    header: () => t('common.nominal'),
    meta: { figure: true, sortKey: 'income' satisfies ReferralSortKey },
    cell: (info) => formatRupiah(info.getValue()),
  }),
];

/**
 * /referral: the people the viewer referred and what each blast of theirs earned the viewer, searched
 * by name or e-mail; the total is all the viewer earned from referrals, whatever the search.
 */
export function ReferralListPage() {
  const MSG = useMessages();
  const { pageQuery } = useListParams();
  const searchBox = useListSearch();
  const query = new URLSearchParams(pageQuery);
  if (searchBox.search) query.set('search', searchBox.search);
  const list = useReferrals(query.toString());
  return (
    <>
      <Breadcrumb title={MSG.referralListTitle} />
      <PageCard
        title={MSG.referralListTitle}
        actions={
          <>
            <span
              data-testid="referral-total"
              className="text-sm font-medium text-gray-700 dark:text-gray-300"
            >
              {MSG.referralTotal(list.data ? formatRupiah(list.data.total) : '...')}
            </span>
            <RefreshButton onRefresh={() => list.refetch()} />
          </>
        }
      >
        <ListFilters search={searchBox} searchLabel={t('referral.search')} />
        <PagedTable
          label={MSG.referralListTitle}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          listKey="referral"
          sortable
          pageSizes
        />
      </PageCard>
    </>
  );
}
