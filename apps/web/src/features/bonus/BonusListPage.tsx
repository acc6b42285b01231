import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { API, isOperatorRole, type BonusRow, type AnswerOf } from '@blaster/contract';
import { MSG, formatRupiah, t } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PageCard,
  PagedTable,
  RefreshButton,
  formatDateTime,
  linkButtonClass,
  useDeleteRow,
  useListParams,
  type Columns,
} from '../../components/data-table';
import { PersonName, UserText } from '../../components/UserText';
import { apiRequest } from '../../lib/api';
import { useSession } from '../../lib/session';

const column = createColumnHelper<BonusRow>();

/** /bonus: admin and dev manage everyone's bonuses; a member sees their own and their total. */
export function BonusListPage() {
  const { user } = useSession();
  const operator = isOperatorRole(user?.role);
  const { pageQuery } = useListParams();

  const list = useQuery({
    queryKey: ['bonus', pageQuery],
    queryFn: () =>
      apiRequest<AnswerOf<'bonusPerPage'>>(`${API.bonusPerPage}?${pageQuery}`, {
        fallback: MSG.errorFetchingBonusList,
      }),
    placeholderData: keepPreviousData,
  });
  const total = useQuery({
    queryKey: ['bonus-total', user?.id],
    enabled: Boolean(user) && !operator,
    queryFn: () => apiRequest<AnswerOf<'totalBonus'>>(API.totalBonus(user!.id)),
  });
  const remove = useDeleteRow('bonus', API.bonus);

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
      cell: (info) => formatRupiah(info.getValue()),
    }),
    column.accessor('reason', {
      header: MSG.bonusReason,
      cell: (info) => <UserText text={info.getValue()} />,
    }),
    column.accessor('createdAt', {
      header: operator ? MSG.bonusCreatedAt : MSG.bonusReceivedAt,
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
        <PagedTable label={MSG.bonusListTitle} list={list} columns={columns} rowKey={(row) => row.id} />
      </PageCard>
    </>
  );
}
