import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { API, MSG, formatRupiah, isOperatorRole, type BonusRow, type Paged } from '@blaster/contract';
import { Breadcrumb } from '../../app/layout/Breadcrumb';
import {
  DataTable,
  PageCard,
  Pager,
  RefreshButton,
  dangerLinkClass,
  formatDateTime,
  linkButtonClass,
  useListParams,
} from '../../components/list';
import type { Columns } from '../../components/list';
import { apiRequest, errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';
import { useSession } from '../../lib/session';

const column = createColumnHelper<BonusRow>();

/** /bonus: admin and dev manage everyone's bonuses; a member sees their own and their total. */
export function BonusListPage() {
  const { user } = useSession();
  const operator = isOperatorRole(user?.role);
  const { page, setPage } = useListParams();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<number | null>(null);

  const list = useQuery({
    queryKey: ['bonus', page],
    queryFn: () =>
      apiRequest<Paged<BonusRow>>(`${API.bonusPerPage}?page=${page}`, {
        fallback: MSG.errorFetchingBonusList,
      }),
    placeholderData: keepPreviousData,
  });
  const total = useQuery({
    queryKey: ['bonus-total', user?.id],
    enabled: Boolean(user) && !operator,
    queryFn: () => apiRequest<{ totalBonus: number }>(API.totalBonus(user!.id)),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(API.bonus(id), { method: 'DELETE', fallback: MSG.networkError }),
    onMutate: (id) => setDeleting(id),
    onSettled: () => setDeleting(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bonus'] }),
    onError: (error) => toast.error(errorText(error, MSG.networkError)),
  });

  const columns: Columns<BonusRow> = [
    ...(operator
      ? [
          column.accessor((row) => `${row.User.firstname} ${row.User.lastname}`, {
            id: 'member',
            header: 'Member',
          }),
        ]
      : []),
    column.accessor('nominal', { header: 'Nominal', cell: (info) => formatRupiah(info.getValue()) }),
    column.accessor('reason', { header: MSG.bonusReason }),
    column.accessor('createdAt', {
      header: operator ? MSG.bonusCreatedAt : MSG.bonusReceivedAt,
      cell: (info) => formatDateTime(info.getValue()),
    }),
    ...(operator
      ? [
          column.display({
            id: 'action',
            header: 'Action',
            cell: ({ row }) => (
              <button
                type="button"
                className={dangerLinkClass}
                disabled={deleting === row.original.id}
                onClick={async () => {
                  if (
                    await confirmDialog(`Bonus ${formatRupiah(row.original.nominal)} akan dihapus.`, 'Hapus')
                  )
                    remove.mutate(row.original.id);
                }}
              >
                {deleting === row.original.id ? MSG.deleting : 'Delete'}
              </button>
            ),
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
        <DataTable
          label={MSG.bonusListTitle}
          columns={columns}
          rows={list.data?.data}
          loading={list.isFetching}
          error={list.error ? errorText(list.error) : null}
          rowKey={(row) => row.id}
        />
        <Pager page={page} totalPages={list.data?.meta.totalPages ?? 1} onChange={setPage} />
      </PageCard>
    </>
  );
}
