import { Link } from 'react-router';

import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { isOperatorRole, type Level } from '@blaster/contract';
import { formatNumber, formatRupiah, t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  ListFilters,
  PageCard,
  PagedTable,
  RefreshButton,
  linkButtonClass,
  useDeleteRow,
  useListParams,
  useListSearch,
} from '../../components/data-table';

import { useSession } from '../../lib/session';
import { levelKeys, useLevels } from './api';

const column = createColumnHelper<Level>();

/**
 * /level: levels by required blasts (or the sort chosen), each with its fee per blast and colour,
 * searched by name (waits 1 s).
 */
export function LevelListPage() {
  const MSG = useMessages();
  const { user } = useSession();
  const { pageQuery } = useListParams();
  const searchBox = useListSearch();
  const list = useLevels(searchBox.withSearch(pageQuery));
  const remove = useDeleteRow(levelKeys.all[0], 'levelDelete');

  const columns = [
    column.accessor('name', {
      header: t('common.nama'),
      meta: { sortKey: 'name' },
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
    column.accessor('blast_fee', {
      header: t('levels.blastFee'),
      meta: { sortKey: 'blast_fee' },
      cell: (info) => formatRupiah(info.getValue()),
    }),
    column.accessor('requirement_blast', {
      header: t('levels.minBlast'),
      meta: { sortKey: 'requirement_blast' },
      cell: (info) => formatNumber(info.getValue()),
    }),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row }) =>
        remove.actions(`/level/edit?id=${row.original.id}`, row.original.id, `Level ${row.original.name}`),
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
        <ListFilters search={searchBox} searchLabel={t('levels.search')} />
        <PagedTable
          label={MSG.levelListTitle}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          listKey="level"
          sortable
          pageSizes
        />
      </PageCard>
    </>
  );
}
