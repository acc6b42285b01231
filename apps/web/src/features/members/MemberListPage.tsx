import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { API, MSG, formatRupiah, type MemberRow, type Paged } from '@blaster/contract';
import { Breadcrumb } from '../../app/layout/Breadcrumb';
import { inputClass } from '../../components/form';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  formatDateTime,
  smallLinkClass,
  useDebounced,
  useListParams,
} from '../../components/list';
import { apiRequest } from '../../lib/api';

const column = createColumnHelper<MemberRow>();

const columns = [
  column.accessor((row) => `${row.firstname} ${row.lastname}`, { id: 'name', header: 'Name' }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('level', {
    header: 'Level',
    cell: ({ row }) =>
      row.original.level ? (
        <span
          className="rounded-full px-2.5 py-0.5 text-xs font-medium text-white"
          style={{ backgroundColor: row.original.color ?? '#465fff' }}
        >
          {row.original.level}
        </span>
      ) : (
        '-'
      ),
  }),
  column.accessor('income', { header: 'Pendapatan', cell: (info) => formatRupiah(info.getValue()) }),
  column.accessor('createdAt', {
    header: 'Tanggal Mendaftar',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('whatsapps', { header: 'Whatsapps' }),
  column.display({
    id: 'action',
    header: 'Action',
    cell: ({ row }) => (
      <div className="flex flex-wrap gap-1">
        <Link className={smallLinkClass} to={`/member/whatsapp?id=${row.original.id}`}>
          Whatsapp
        </Link>
        <Link className={smallLinkClass} to={`/member/edit?id=${row.original.id}`}>
          {MSG.memberSettings}
        </Link>
        <Link className={smallLinkClass} to={`/bonus/create?id=${row.original.id}`}>
          {MSG.giveBonus}
        </Link>
      </div>
    ),
  }),
];

/** /member: members with search (waits 1 s), status filter and pager; page and s live in the address. */
export function MemberListPage() {
  const { page, params, set } = useListParams();
  const [typed, setTyped] = useState(params.get('s') ?? '');
  const search = useDebounced(typed.trim());
  const status = params.get('status') ?? '';

  useEffect(() => {
    if (search !== (params.get('s') ?? '')) set({ s: search, page: 1 });
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps

  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  if (status) query.set('s', status);
  const members = useQuery({
    queryKey: ['members', page, search, status],
    queryFn: () =>
      apiRequest<Paged<MemberRow>>(`${API.membersPerPage}?${query}`, {
        fallback: MSG.errorFetchingMemberList,
      }),
    placeholderData: keepPreviousData,
  });
  const memoColumns = useMemo(() => columns, []);

  return (
    <>
      <Breadcrumb title={MSG.memberListTitle} />
      <PageCard title={MSG.memberListTitle} actions={<RefreshButton onRefresh={() => members.refetch()} />}>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row">
          <input
            type="search"
            aria-label={MSG.searchMember}
            placeholder={MSG.searchMember}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className={`${inputClass()} sm:max-w-xs`}
          />
          <select
            aria-label={MSG.filterStatus}
            value={status}
            onChange={(event) => set({ status: event.target.value, page: 1 })}
            className={`${inputClass()} sm:max-w-48`}
          >
            <option value="">{MSG.filterStatus}</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        <PagedTable
          label={MSG.memberListTitle}
          list={members}
          columns={memoColumns}
          rowKey={(row) => row.id}
        />
      </PageCard>
    </>
  );
}
