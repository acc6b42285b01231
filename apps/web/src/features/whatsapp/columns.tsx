import { createColumnHelper } from '@tanstack/react-table';
import clsx from 'clsx';
import { Check, ExternalLink, X } from 'lucide-react';
import { formatRupiah, messages, t, tValue } from '../../i18n';
import type { Columns } from '../../components/data-table';
import { GovernanceNotes } from '../schedule/ScheduleActions';
import type { LiveRow } from './live';
import { AccountRowActions, type AccountViewer } from './row-actions';
import type { AccountActions } from './use-account-actions';

const column = createColumnHelper<LiveRow>();

/** The row's live sub-state: what the account is doing right now, from its events. */
function activity(row: LiveRow) {
  const MSG = messages();
  if (row.attempting) return MSG.attemptingRow(row.attemptingCode ?? '');
  if ((row.waitTime ?? 0) > 0) return MSG.waitingRow(row.waitTime!);
  if (row.progressing)
    return row.phase === 'generating'
      ? MSG.generatingRow
      : row.phase === 'validating'
        ? MSG.validatingRow
        : MSG.sendingRow;
  return null;
}

/** The account list's columns as the viewer's role sees them. */
export function accountColumns(viewer: AccountViewer, actions: AccountActions): Columns<LiveRow> {
  const MSG = messages();
  const { role, operator } = viewer;
  return [
    column.display({
      id: 'account',
      header: t('common.account'),
      cell: ({ row: { original: row } }) => (
        <div className="md:min-w-44">
          <div className="font-medium text-gray-800 dark:text-white/90">{row.pushname ?? '-'}</div>
          <div className="text-xs text-gray-500 dark:text-gray-400">{row.phonenumber ?? '-'}</div>
          <div className="font-mono text-[11px] text-gray-400">{row.clientid}</div>
          {operator && row.User && (
            <div className="text-xs text-gray-500">
              {row.User.firstname} {row.User.lastname}
            </div>
          )}
          {role === 'dev' && (
            <a
              href={`/monitor/realtime?id=${encodeURIComponent(row.clientid)}`}
              target="_blank"
              rel="noreferrer"
              className="mt-1 inline-flex items-center gap-1 text-xs text-brand-600 hover:underline dark:text-brand-300"
            >
              {t('whatsapp.monitor')} <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          )}
        </div>
      ),
    }),
    column.accessor('count_success', {
      header: t('common.success'),
      cell: ({ row: { original: row } }) => (
        <span
          data-testid={`success-${row.id}`}
          className={clsx(
            'rounded px-1.5 py-0.5 transition-colors',
            row.successUpdated && 'bg-emerald-200 dark:bg-emerald-500/30',
          )}
        >
          {row.count_success}
        </span>
      ),
    }),
    column.accessor('count_fail', {
      header: t('common.failed'),
      cell: ({ row: { original: row } }) => (
        <span
          data-testid={`fail-${row.id}`}
          className={clsx(
            'rounded px-1.5 py-0.5 transition-colors',
            row.failUpdated && 'bg-red-200 dark:bg-red-500/30',
          )}
        >
          {row.count_fail}
        </span>
      ),
    }),
    column.accessor('income', { header: t('common.income'), cell: (info) => formatRupiah(info.getValue()) }),
    column.display({
      id: 'state',
      header: t('whatsapp.state'),
      cell: ({ row: { original: row } }) => (
        <div data-testid={`state-${row.id}`}>
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              row.state === 'connected'
                ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300'
                : row.suspended
                  ? 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300'
                  : 'bg-gray-100 text-gray-700 dark:bg-white/10 dark:text-gray-300',
            )}
          >
            {row.suspended
              ? MSG.suspendedLabel(row.suspended_count)
              : tValue('state', row.state ?? 'unknown')}
          </span>
          <div className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            {activity(row) ?? tValue('blastStatus', row.status)}
          </div>
          <GovernanceNotes row={row} />
        </div>
      ),
    }),
    ...(role === 'admin'
      ? [
          column.display({
            id: 'sending',
            header: t('whatsapp.sending'),
            cell: ({ row: { original: row } }) =>
              row.status === 'sending' ? (
                <Check className="size-4 text-emerald-600" aria-label={tValue('blastStatus', 'sending')} />
              ) : (
                <X className="size-4 text-red-500" aria-label={tValue('blastStatus', 'idle')} />
              ),
          }),
        ]
      : []),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) => <AccountRowActions row={row} viewer={viewer} actions={actions} />,
    }),
  ];
}
