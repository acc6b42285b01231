import { createColumnHelper } from '@tanstack/react-table';
import type { LOOKUP_SORT_KEYS, LookupKind, LookupRow } from '@blaster/contract';
import { formatFixed, formatNumber, messages, t, tValue } from '../../i18n';
import { formatDateTime, smallLinkClass, type Columns } from '../../components/data-table';
import { LookupRowActions } from './row-actions';
import type { LookupActions } from './use-lookup-actions';

const column = createColumnHelper<LookupRow>();
type LookupSortKey = (typeof LOOKUP_SORT_KEYS)[number];
// Getters: each read takes the chosen language's text.
const RUNNING_TEXT = {
  get generator() {
    const MSG = messages();
    return MSG.generatingRow;
  },
  get validator() {
    const MSG = messages();
    return MSG.validatingRow;
  },
};

/** 'a-very-long-file-name.csv' -> 'a-very-lon….csv' */
const abbreviate = (name: string) => {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.length > 12 ? `${base.slice(0, 10)}…${name.slice(dot)}` : name;
};

/** Who asks: the account's name, number, state and client id. */
function accountColumns(): Columns<LookupRow> {
  return [
    column.display({
      id: 'account',
      header: t('common.account'),
      cell: ({ row: { original: row } }) => (
        <div className="md:min-w-28">
          <div className="font-medium text-gray-800 dark:text-white/90">{row.Whatsapp?.pushname ?? '-'}</div>
          <div className="text-xs text-muted">{row.Whatsapp?.phonenumber ?? '-'}</div>
          <div className="text-xs text-muted">{row.state ? tValue('state', row.state) : '-'}</div>
        </div>
      ),
    }),
    column.display({
      id: 'clientid',
      header: t('lookup.clientId'),
      // The account column already names the account; the id gives way on medium widths.
      meta: { secondary: true },
      cell: ({ row: { original: row } }) => (
        <span className="font-mono text-xs">{row.Whatsapp?.clientid ?? '-'}</span>
      ),
    }),
  ];
}

/** What is asked: the generator's number range or the validator's file. */
function targetColumn(kind: LookupKind, actions: LookupActions): Columns<LookupRow>[number] {
  return kind === 'generator'
    ? column.display({
        id: 'range',
        header: t('lookup.range'),
        // By the first number of the range.
        meta: { sortKey: 'target' satisfies LookupSortKey },
        cell: ({ row: { original: row } }) => (
          <span className="text-xs">
            {row.start_number} – {row.end_number}
          </span>
        ),
      })
    : column.display({
        id: 'file',
        header: t('lookup.targetFile'),
        meta: { sortKey: 'target' satisfies LookupSortKey },
        cell: ({ row: { original: row } }) =>
          row.fileUrl ? (
            <button
              type="button"
              className={smallLinkClass}
              title={row.fileName ?? ''}
              onClick={() => void actions.openFile(row)}
            >
              {abbreviate(row.fileName ?? 'file')}
            </button>
          ) : (
            '-'
          ),
      });
}

/** How far the job is: the progress bar with the number being asked, then the status. */
function progressColumns(kind: LookupKind): Columns<LookupRow> {
  const MSG = messages();
  return [
    column.display({
      id: 'progress',
      header: t('lookup.progress'),
      meta: { sortKey: 'progress' satisfies LookupSortKey },
      cell: ({ row: { original: row } }) => (
        <div className="min-w-28" data-testid={`progress-${row.id}`}>
          <span className="font-medium">{formatFixed(row.progress, 2)}%</span>
          {row.total !== undefined && row.total > 0 && (
            <span className="ml-2 text-xs text-gray-500 tabular-nums dark:text-gray-400">
              {MSG.lookupProgress(formatNumber(row.position ?? 0), formatNumber(row.total))}
            </span>
          )}
          <div className="mt-1 h-1.5 rounded-full bg-gray-100 dark:bg-white/10">
            <div className="h-1.5 rounded-full bg-brand-500" style={{ width: `${row.progress}%` }} />
          </div>
          {row.status === 'running' && (
            <div className="mt-1 text-xs text-muted">
              {RUNNING_TEXT[kind]} {row.current_number ?? ''}
            </div>
          )}
        </div>
      ),
    }),
    column.accessor('status', {
      header: t('common.status'),
      cell: (info) => <span data-testid="status">{tValue('lookupStatus', info.getValue())}</span>,
    }),
  ];
}

/** The generator or validator list's columns. */
export function lookupColumns(kind: LookupKind, actions: LookupActions): Columns<LookupRow> {
  return [
    ...accountColumns(),
    column.accessor('count_success', {
      header: t('common.success'),
      meta: { sortKey: 'success' satisfies LookupSortKey },
    }),
    column.accessor('count_fail', {
      header: t('common.failed'),
      meta: { sortKey: 'failed' satisfies LookupSortKey },
    }),
    targetColumn(kind, actions),
    ...progressColumns(kind),
    column.accessor('createdAt', {
      header: t('lookup.createdAt'),
      // The list is newest first already; the column gives way on medium widths.
      meta: { sortKey: 'created' satisfies LookupSortKey, secondary: true },
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) => <LookupRowActions kind={kind} row={row} actions={actions} />,
    }),
  ];
}
