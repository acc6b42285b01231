import { useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import clsx from 'clsx';
import { Check, ExternalLink, X } from 'lucide-react';
import {
  type AnswerOf,
  API,
  MAX_SUSPENSIONS_FOR_REACTIVATION,
  INDICATOR_MS,
  REALTIME_CHANNEL_ADMIN,
  WHATSAPP_FILTERS,
  isDisconnected,
  isOperatorRole,
} from '@blaster/contract';
import { MSG, formatRupiah, t, tValue } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  useListParams,
  type Columns,
  AddLink,
  ListFilters,
  useListSearch,
} from '../../components/data-table';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { showMessage } from '../../lib/dialogs';
import { useSession } from '../../lib/session';
import { rememberStartedBlast } from './blast-feedback';
import { useLiveAccounts, type LiveRow } from './live';
import { GovernanceNotes, ScheduleActions } from '../schedule/ScheduleActions';

const column = createColumnHelper<LiveRow>();

const actionClass = (tone: 'brand' | 'red' | 'gray' | 'amber') =>
  clsx(
    'rounded-md px-2.5 py-1 text-xs font-medium text-white disabled:opacity-60',
    tone === 'brand' && 'bg-brand-500 hover:bg-brand-600',
    tone === 'red' && 'bg-red-600 hover:bg-red-700',
    tone === 'gray' && 'bg-gray-600 hover:bg-gray-700',
    tone === 'amber' && 'bg-amber-500 hover:bg-amber-600',
  );

/** The row's live sub-state (spec 01 §2). */
function activity(row: LiveRow) {
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

/** /whatsapp and /member/whatsapp?id=: chat accounts with live counts and blast controls. */
export function WhatsappListPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pageQuery, params } = useListParams();
  const role = user?.role;
  const operator = isOperatorRole(role);
  const chosenUser = params.get('id');
  const searchBox = useListSearch();
  const search = searchBox.search;
  const status = params.get('status') ?? '';
  const [busy, setBusy] = useState<Record<number, string>>({});

  const query = new URLSearchParams(pageQuery);
  if (chosenUser) query.set('user_id', chosenUser);
  else if (!operator && user) query.set('user_id', String(user.id));
  if (search) query.set('search', search);
  if (status) query.set('s', status);
  const list = useQuery({
    queryKey: ['whatsapp', pageQuery, chosenUser, search, status],
    queryFn: () =>
      apiRequest<AnswerOf<'whatsappPerPage'>>(`${API.whatsappPerPage}?${query}`, {
        fallback: MSG.errorFetchingWhatsappList,
      }),
    placeholderData: keepPreviousData,
  });
  const channel = user ? (operator ? REALTIME_CHANNEL_ADMIN : String(user.id)) : null;
  const { rows, patch, started } = useLiveAccounts(list.data?.data, channel);

  const withBusy = async (row: LiveRow, label: string, work: () => Promise<void>, holdMs = 0) => {
    setBusy((current) => ({ ...current, [row.id]: label }));
    try {
      await work();
    } finally {
      setTimeout(() => setBusy(({ [row.id]: _done, ...rest }) => rest), holdMs);
    }
  };

  const refused = async (row: LiveRow, error: unknown) => {
    if (error instanceof ApiError && error.message === MSG.connectionLostReconnect) {
      await showMessage({ tone: 'error', title: MSG.forbiddenTitle, text: MSG.connectionLostReconnect });
      void navigate(`/whatsapp/create?r=${row.id}`);
      return;
    }
    const text = errorText(error, MSG.networkError);
    // The spec's network text already asks to try again; the server's errors get the retry suffix.
    toast.error(text === MSG.networkError ? text : `${text}${MSG.startBlastRetrySuffix}`);
  };

  const start = (row: LiveRow) =>
    withBusy(row, MSG.starting, async () => {
      try {
        // How it ends (finished, no template, disconnected) is told by a toast (blast-feedback.ts).
        rememberStartedBlast(row.id);
        await apiRequest(API.whatsappStart, {
          method: 'POST',
          body: { whatsappClientId: row.id, socketClientId: channel, loop: true },
          fallback: MSG.networkError,
        });
        started(row.id, row.ends ?? 0);
      } catch (error) {
        await refused(row, error);
      }
    });

  const stop = async (row: LiveRow) => {
    if (row.progressing && row.phase === 'sending' && !(row.waitTime && row.waitTime > 0)) {
      // A message is on its way: the member may let it finish or stop right after it.
      const confirmed = await showMessage({
        tone: 'warning',
        title: MSG.sendingWarning,
        confirmText: MSG.stopBlastNow,
        cancelText: MSG.justWait,
      });
      if (!confirmed) return;
    }
    await withBusy(row, MSG.stopping, async () => {
      try {
        await apiRequest(API.whatsappStop, {
          method: 'POST',
          body: { whatsappClientId: row.id },
          fallback: MSG.networkError,
        });
        patch(row.id, { status: 'idle', progressing: false, waitTime: 0, attempting: false });
      } catch (error) {
        await refused(row, error);
      }
    });
  };

  const reconnect = async (row: LiveRow) => {
    if (row.state === 'conflict') {
      await withBusy(row, MSG.reconnect, async () => {
        try {
          await apiRequest(API.whatsappReconnect, {
            method: 'POST',
            body: { id: row.id },
            fallback: MSG.networkError,
          });
          await list.refetch();
        } catch (error) {
          toast.error(errorText(error, MSG.networkError));
        }
      });
      return;
    }
    const confirmed = await showMessage({
      tone: 'warning',
      title: MSG.warning,
      text: `${row.phonenumber ?? row.clientid}: ${MSG.connectionLostReconnect}`,
      confirmText: MSG.yesReconnect,
      cancelText: MSG.cancel,
    });
    if (confirmed) void navigate(`/whatsapp/create?r=${row.id}`);
  };

  const reset = async (row: LiveRow) => {
    const confirmed = await showMessage({
      tone: 'warning',
      title: MSG.areYouSure,
      text: MSG.resetExplanation,
      confirmText: MSG.yesReset,
      cancelText: MSG.cancel,
    });
    if (!confirmed) return;
    await withBusy(
      row,
      MSG.resetting,
      async () => {
        try {
          const answer = await apiRequest<AnswerOf<'whatsappReset'>>(API.whatsappReset, {
            method: 'POST',
            body: { id: row.id },
            fallback: MSG.networkError,
          });
          patch(row.id, answer.data);
        } catch (error) {
          toast.error(errorText(error, MSG.networkError));
        }
      },
      INDICATOR_MS,
    );
  };

  const activate = async (row: LiveRow) => {
    const confirmed = await showMessage({
      tone: 'warning',
      title: MSG.areYouSure,
      text: `${row.phonenumber ?? row.clientid}: ${MSG.suspendedLabel(row.suspended_count)}`,
      confirmText: MSG.activated,
      cancelText: MSG.cancel,
    });
    if (!confirmed) return;
    await withBusy(
      row,
      MSG.activating,
      async () => {
        try {
          const answer = await apiRequest<AnswerOf<'whatsappActivate'>>(API.whatsappActivate, {
            method: 'POST',
            body: { id: row.id },
            fallback: MSG.networkError,
          });
          patch(row.id, answer.data);
          await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        } catch (error) {
          toast.error(errorText(error, MSG.networkError));
        }
      },
      INDICATOR_MS,
    );
  };

  const canBlast = role === 'member' || role === 'dev';
  const columns: Columns<LiveRow> = [
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
      cell: ({ row: { original: row } }) => {
        const label = busy[row.id];
        if (label) return <span className="text-xs font-medium">{label}</span>;
        if (row.suspended) {
          return (
            <div className="space-y-1">
              {operator && row.suspended_count < MAX_SUSPENSIONS_FOR_REACTIVATION && (
                <button type="button" className={actionClass('amber')} onClick={() => void activate(row)}>
                  {MSG.activated}
                </button>
              )}
              {role === 'member' && <p className="max-w-56 text-xs text-red-600">{MSG.suspendedRule}</p>}
              <ScheduleActions row={row} canSchedule={false} onChange={(change) => patch(row.id, change)} />
            </div>
          );
        }
        return (
          <div className="flex flex-wrap gap-1.5">
            {canBlast && isDisconnected(row.state) && (
              <button type="button" className={actionClass('amber')} onClick={() => void reconnect(row)}>
                {MSG.reconnect}
              </button>
            )}
            {canBlast &&
              !isDisconnected(row.state) &&
              (row.status === 'sending' ? (
                <button type="button" className={actionClass('red')} onClick={() => void stop(row)}>
                  {MSG.stopBlast}
                </button>
              ) : (
                <button type="button" className={actionClass('brand')} onClick={() => void start(row)}>
                  {MSG.startBlast}
                </button>
              ))}
            <button type="button" className={actionClass('gray')} onClick={() => void reset(row)}>
              {MSG.reset}
            </button>
            <ScheduleActions row={row} canSchedule onChange={(change) => patch(row.id, change)} />
          </div>
        );
      },
    }),
  ];

  const title = role === 'member' ? MSG.whatsappTitleMember : MSG.whatsappTitleDev;
  return (
    <>
      <Breadcrumb title={title} />
      <PageCard
        title={title}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            {role === 'member' && <AddLink to="/whatsapp/create" />}
          </>
        }
      >
        <ListFilters
          search={searchBox}
          searchLabel={MSG.searchWhatsapp}
          statuses={{
            all: t('common.filterAll', { label: MSG.filterStatus }),
            options: WHATSAPP_FILTERS.map((value) => ({
              value,
              label: tValue(value === 'sending' || value === 'suspended' ? 'blastStatus' : 'state', value),
            })),
          }}
        />
        <PagedTable
          label={title}
          list={list}
          columns={columns}
          // Until the live rows take the server's answer, show the answer itself.
          rows={list.data ? (rows.length || list.data.data.length === 0 ? rows : list.data.data) : undefined}
          rowKey={(row) => row.id}
        />
      </PageCard>
    </>
  );
}
