import { useMemo } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { type MemberRow } from '@blaster/contract';
import { formatNumber, formatRupiah, messages, t, tValue, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  formatDateTime,
  smallLinkClass,
  useListParams,
  ListFilters,
  useListSearch,
} from '../../components/data-table';
import { PersonName, UserText } from '../../components/UserText';
import { useMemberList } from './api';

const column = createColumnHelper<MemberRow>();

const columns = [
  column.accessor((row) => `${row.firstname} ${row.lastname}`, {
    id: 'name',
    header: () => t('common.name'),
    meta: { sortKey: 'name' },
    cell: ({ row }) => <PersonName person={row.original} />,
  }),
  column.accessor('email', {
    header: () => t('common.email'),
    meta: { sortKey: 'email' },
    cell: (info) => <UserText text={info.getValue()} />,
  }),
  column.accessor('level', {
    header: () => t('common.level'),
    cell: ({ row }) =>
      row.original.level ? (
        <span
          className="inline-block max-w-full rounded-full px-2.5 py-0.5 text-xs font-medium text-white"
          style={{ backgroundColor: row.original.color ?? '#465fff' }}
        >
          <UserText text={row.original.level} />
        </span>
      ) : (
        '-'
      ),
  }),
  column.accessor('income', {
    header: () => t('common.income'),
    meta: { figure: true },
    cell: (info) => formatRupiah(info.getValue()),
  }),
  column.accessor('createdAt', {
    header: () => t('members.registeredAt'),
    meta: { sortKey: 'created' },
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('whatsapps', {
    header: () => t('members.whatsapps'),
    meta: { figure: true },
    cell: (info) => formatNumber(info.getValue()),
  }),
  column.display({
    id: 'action',
    header: () => t('common.action'),
    cell: ({ row }) => {
      const MSG = messages();
      return (
        <div className="flex flex-wrap gap-1">
          <Link className={smallLinkClass} to={`/member/whatsapp?id=${row.original.id}`}>
            {t('members.whatsappLink')}
          </Link>
          <Link className={smallLinkClass} to={`/member/edit?id=${row.original.id}`}>
            {MSG.memberSettings}
          </Link>
          <Link className={smallLinkClass} to={`/bonus/create?id=${row.original.id}`}>
            {MSG.giveBonus}
          </Link>
        </div>
      );
    },
  }),
];

/** /member: members with search (waits 1 s), status filter and pager; page and s live in the address. */
export function MemberListPage() {
  const MSG = useMessages();
  const { pageQuery, params } = useListParams();
  const searchBox = useListSearch();
  const search = searchBox.search;
  const status = params.get('status') ?? '';

  const query = new URLSearchParams(pageQuery);
  if (search) query.set('search', search);
  if (status) query.set('s', status);
  const members = useMemberList({ pageQuery, search, status }, query);
  const memoColumns = useMemo(() => columns, []);

  return (
    <>
      <Breadcrumb title={MSG.memberListTitle} />
      <PageCard title={MSG.memberListTitle} actions={<RefreshButton onRefresh={() => members.refetch()} />}>
        <ListFilters
          search={searchBox}
          searchLabel={MSG.searchMember}
          statuses={{
            all: MSG.filterStatus,
            options: [
              { value: 'active', label: tValue('memberStatus', 'active') },
              { value: 'inactive', label: tValue('memberStatus', 'inactive') },
            ],
          }}
        />
        <PagedTable
          label={MSG.memberListTitle}
          list={members}
          columns={memoColumns}
          rowKey={(row) => row.id}
          listKey="member"
          sortable
          pageSizes
        />
      </PageCard>
    </>
  );
}
