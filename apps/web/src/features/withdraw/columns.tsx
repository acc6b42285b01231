import { createColumnHelper } from '@tanstack/react-table';
import { type WithdrawRow } from '@blaster/contract';
import { formatRupiah } from '../../i18n';
import { formatDateTime, type Columns } from '../../components/list';
import { PersonName } from '../../components/UserText';

const column = createColumnHelper<WithdrawRow>();

export const STATUS_LABEL: Record<WithdrawRow['status'], string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export function withdrawColumns({ withMember }: { withMember: boolean }): Columns<WithdrawRow> {
  return [
    ...(withMember
      ? [
          column.accessor((row) => `${row.User.firstname} ${row.User.lastname}`, {
            id: 'member',
            header: 'Member',
            cell: ({ row }) => <PersonName person={row.original.User} />,
          }),
        ]
      : []),
    column.accessor('nominal', { header: 'Nominal', cell: (info) => formatRupiah(info.getValue()) }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => <span data-status={row.original.status}>{STATUS_LABEL[row.original.status]}</span>,
    }),
    column.accessor('createdAt', { header: 'Tanggal', cell: (info) => formatDateTime(info.getValue()) }),
  ];
}

/** Yellow requested, green accepted, red rejected (spec 02 §2). */
export const statusRowClass: Record<WithdrawRow['status'], string> = {
  requested: 'bg-amber-50 dark:bg-amber-500/10',
  accepted: 'bg-emerald-50 dark:bg-emerald-500/10',
  rejected: 'bg-red-50 dark:bg-red-500/10',
};
