import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { API, MSG, formatRupiah, isOperatorRole, type Level, type Paged } from '@blaster/contract';
import { Breadcrumb } from '../../app/layout/Breadcrumb';
import {
  DataTable,
  PageCard,
  Pager,
  RefreshButton,
  dangerLinkClass,
  linkButtonClass,
  smallLinkClass,
  useListParams,
} from '../../components/list';
import { apiRequest, errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';
import { useSession } from '../../lib/session';

const column = createColumnHelper<Level>();

/** /level: levels by required blasts, each with its fee per blast and colour. */
export function LevelListPage() {
  const { user } = useSession();
  const { page, setPage } = useListParams();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['levels', page],
    queryFn: () =>
      apiRequest<Paged<Level>>(`${API.levelPerPage}?page=${page}`, { fallback: MSG.errorFetchingLevelList }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(API.level(id), { method: 'DELETE', fallback: MSG.networkError }),
    onMutate: (id) => setDeleting(id),
    onSettled: () => setDeleting(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['levels'] }),
    onError: (error) => toast.error(errorText(error, MSG.networkError)),
  });

  const columns = [
    column.accessor('name', {
      header: 'Nama',
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-3 rounded-full"
            style={{ backgroundColor: row.original.color ?? '#98a2b3' }}
          />
          {row.original.name}
        </span>
      ),
    }),
    column.accessor('blast_fee', { header: 'Blast Fee', cell: (info) => formatRupiah(info.getValue()) }),
    column.accessor('requirement_blast', {
      header: 'Minimal Blast',
      cell: (info) => info.getValue().toLocaleString('id-ID'),
    }),
    column.display({
      id: 'action',
      header: 'Action',
      cell: ({ row }) => (
        <div className="flex gap-1">
          <Link className={smallLinkClass} to={`/level/edit?id=${row.original.id}`}>
            Edit
          </Link>
          <button
            type="button"
            className={dangerLinkClass}
            disabled={deleting === row.original.id}
            onClick={async () => {
              if (await confirmDialog(`Level ${row.original.name} akan dihapus.`, 'Hapus'))
                remove.mutate(row.original.id);
            }}
          >
            {deleting === row.original.id ? MSG.deleting : 'Delete'}
          </button>
        </div>
      ),
    }),
  ];

  return (
    <>
      <Breadcrumb title={MSG.levelListTitle} />
      <PageCard
        title={MSG.levelListTitle}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            {isOperatorRole(user?.role) && (
              <Link to="/level/create" className={linkButtonClass}>
                <Plus className="size-4" aria-hidden="true" />
                {MSG.addLevel}
              </Link>
            )}
          </>
        }
      >
        <DataTable
          label={MSG.levelListTitle}
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
