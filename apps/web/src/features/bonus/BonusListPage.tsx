import { Link } from 'react-router';

import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { isOperatorRole, type BonusRow, type MONEY_SORT_KEYS } from '@blaster/contract';
import { formatRupiah, t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PageCard,
  PagedTable,
  RefreshButton,
  formatDateTime,
  linkButtonClass,
  ListFilters,
  useDeleteRow,
  useListParams,
  useListSearch,
  type Columns,
} from '../../components/data-table';
import { PersonName, UserText } from '../../components/UserText';

import { useSession } from '../../lib/session';
import { bonusKeys, useBonuses, useBonusTotal } from './api';

const column = createColumnHelper<BonusRow>();
type MoneySortKey = (typeof MONEY_SORT_KEYS)[number];

/**
 * /bonus: admin and dev manage everyone's bonuses; a member sees their own and their total. The
 * search box finds reasons, and for admin and dev members by name or e-mail.
 */
export function BonusListPage() {
  const MSG = useMessages();
  const { user } = useSession();
  const operator = isOperatorRole(user?.role);
  const { pageQuery } = useListParams();
  const searchBox = useListSearch();

  const query = new URLSearchParams(pageQuery);
  if (searchBox.search) query.set('search', searchBox.search);
  const list = useBonuses(query.toString());
  const total = useBonusTotal(user?.id, Boolean(user) && !operator);
  const remove = useDeleteRow(bonusKeys.all[0], 'bonus');

  const columns: Columns<BonusRow> = [
    ...(operator
      ? [
          column.accessor((row) => `${row.User.firstname} ${row.User.lastname}`, {
            id: 'member',
            header: t('common.member'),
            cell: ({ row }) => <PersonName person={row.original.User} />,
          }),
        ]
      : []),
    column.accessor('nominal', {
      header: t('common.nominal'),
      meta: { figure: true, sortKey: 'nominal' satisfies MoneySortKey },
      cell: (info) => formatRupiah(info.getValue()),
    }),
    column.accessor('reason', {
      header: MSG.bonusReason,
      cell: (info) => <UserText text={info.getValue()} />,
    }),
    column.accessor('createdAt', {
      header: operator ? MSG.bonusCreatedAt : MSG.bonusReceivedAt,
      meta: { sortKey: 'created' satisfies MoneySortKey },
      cell: (info) => formatDateTime(info.getValue()),
    }),
    ...(operator
      ? [
          column.display({
            id: 'action',
            header: t('common.action'),
            cell: ({ row }) => remove.button(row.original.id, `Bonus ${formatRupiah(row.original.nominal)}`),
          }),
        ]
      : []),
  ] as Columns<BonusRow>;

  return (
    <>
      <Breadcrumb title={MSG.bonusListTitle} />
      <PageCard
        title={
          operator
            ? MSG.bonusListTitle
            : MSG.bonusHeader(total.data ? formatRupiah(total.data.totalBonus) : '...')
        }
        actions={
          <>
            <RefreshButton onRefresh={() => Promise.all([list.refetch(), total.refetch()])} />
            {operator && (
              <Link to="/bonus/create" className={linkButtonClass}>
                <Plus className="size-4" aria-hidden="true" />
                {MSG.sendBonus}
              </Link>
            )}
          </>
        }
      >
        <ListFilters search={searchBox} searchLabel={t('bonus.search')} />
        <PagedTable
          label={MSG.bonusListTitle}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          listKey="bonus"
          sortable
          pageSizes
        />
      </PageCard>
    </>
  );
}
