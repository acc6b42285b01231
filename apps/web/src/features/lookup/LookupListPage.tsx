import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import {
  type AnswerOf,
  API,
  REALTIME_CHANNEL_ADMIN,
  RESULT_FILES,
  isOperatorRole,
  type LookupKind,
  type LookupRow,
} from '@blaster/contract';
import { MSG, t, tValue } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  dangerLinkClass,
  smallLinkClass,
  useListParams,
  type Columns,
  AddLink,
  ListFilters,
  useListSearch,
} from '../../components/data-table';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { confirmDialog, showMessage } from '../../lib/dialogs';
import { downloadCsv } from '../../lib/download';
import { subscribe } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { LookupChart } from './LookupChart';

const column = createColumnHelper<LookupRow>();
// Getters: each read takes the chosen language's text.
const TITLES = {
  get generator() {
    return MSG.generatorListTitle;
  },
  get validator() {
    return MSG.validatorListTitle;
  },
};
// Getters: each read takes the chosen language's text.
const RUNNING_TEXT = {
  get generator() {
    return MSG.generatingRow;
  },
  get validator() {
    return MSG.validatingRow;
  },
};

/** 'a-very-long-file-name.csv' -> 'a-very-lon….csv' */
const abbreviate = (name: string) => {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base.length > 12 ? `${base.slice(0, 10)}…${name.slice(dot)}` : name;
};

/** /generator/list and /validator/list: jobs with live progress and their controls. */
export function LookupListPage({ kind }: { kind: LookupKind }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pageQuery } = useListParams();
  const searchBox = useListSearch();
  const search = searchBox.search;
  const [busy, setBusy] = useState<Record<number, string>>({});
  const [live, setLive] = useState<Record<number, Partial<LookupRow>>>({});

  const query = new URLSearchParams(pageQuery);
  // Dev lists everyone's items (user_id null); everyone else their own (spec 02 §6).
  query.set('user_id', user?.role === 'dev' ? 'null' : String(user?.id ?? ''));
  if (search) query.set('search', search);
  const list = useQuery({
    queryKey: ['lookup', kind, pageQuery, search],
    queryFn: () =>
      apiRequest<AnswerOf<'lookupPerPage'>>(`${API.lookupPerPage(kind)}?${query}`, {
        fallback: kind === 'generator' ? MSG.errorFetchingGeneratorList : MSG.internalServerError,
      }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => setLive({}), [list.data]);

  const channel = user ? (isOperatorRole(user.role) ? REALTIME_CHANNEL_ADMIN : String(user.id)) : null;
  useEffect(() => {
    if (!channel) return;
    return subscribe(channel, (message) => {
      const payload = (message.payload ?? {}) as Record<string, unknown>;
      const item = payload[kind] as Partial<LookupRow> | undefined;
      if (item && typeof item.id === 'number') {
        const ended = message.event === 'finished' || message.event.startsWith('error_');
        setLive((current) => ({
          ...current,
          [item.id!]: {
            ...current[item.id!],
            ...item,
            ...(ended ? { progress: 100, current_number: null } : {}),
          },
        }));
      } else if (message.event === 'connection.update') {
        // Connection updates are matched by the account's clientid.
        const clientid = message.sender?.clientid;
        const state = typeof payload.state === 'string' ? payload.state : null;
        setLive((current) => {
          const next = { ...current };
          for (const row of list.data?.data ?? [])
            if (row.Whatsapp?.clientid === clientid) next[row.id] = { ...next[row.id], state };
          return next;
        });
      }
    });
  }, [channel, kind, list.data]);

  const rows = list.data?.data.map((row) => ({ ...row, ...live[row.id] }));

  const control = async (row: LookupRow, action: 'start' | 'stop') => {
    setBusy((current) => ({ ...current, [row.id]: action === 'start' ? MSG.starting : MSG.stopping }));
    try {
      const answer = await apiRequest<Record<LookupKind, LookupRow>>(
        action === 'start' ? API.lookupStart(kind) : API.lookupStop(kind),
        { method: 'POST', body: { id: row.id }, fallback: MSG.networkError },
      );
      setLive((current) => ({ ...current, [row.id]: answer[kind] }));
    } catch (error) {
      if (error instanceof ApiError && error.message === MSG.connectionLostReconnect) {
        await showMessage({ tone: 'error', title: MSG.forbiddenTitle, text: MSG.connectionLostReconnect });
        void navigate(`/whatsapp/create?r=${row.whatsapp_id}`);
      } else toast.error(errorText(error, MSG.networkError));
    } finally {
      setBusy(({ [row.id]: _done, ...rest }) => rest);
    }
  };

  const download = async (row: LookupRow) => {
    try {
      const answer = await apiRequest<AnswerOf<'lookupResult'>>(API.lookupResult(kind, row.id));
      if (answer.list.length === 0) return void toast.error(MSG.noPhoneNumbersToExport);
      downloadCsv(
        RESULT_FILES[kind],
        answer.list.map((item) => ({ ...item, status: 'active' })),
        ['number', 'name', 'status'],
      );
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const openFile = async (row: LookupRow) => {
    // Fetched with the session cookie and handed over as a download under the file's own name.
    const response = await fetch(row.fileUrl!, { credentials: 'same-origin' });
    if (!response.ok) return void toast.error(MSG.internalServerError);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = row.fileName ?? 'file';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const remove = async (row: LookupRow) => {
    if (
      !(await confirmDialog(
        t('common.willBeDeleted', { what: `${TITLES[kind]} #${row.id}` }),
        t('common.deleteConfirm'),
      ))
    )
      return;
    setBusy((current) => ({ ...current, [row.id]: MSG.deleting }));
    try {
      await apiRequest(API.lookup(kind, row.id), { method: 'DELETE', fallback: MSG.networkError });
      await queryClient.invalidateQueries({ queryKey: ['lookup', kind] });
    } catch (error) {
      toast.error(errorText(error, MSG.networkError));
    } finally {
      setBusy(({ [row.id]: _done, ...rest }) => rest);
    }
  };

  const columns: Columns<LookupRow> = [
    column.display({
      id: 'account',
      header: t('common.account'),
      cell: ({ row: { original: row } }) => (
        <div className="md:min-w-28">
          <div className="font-medium text-gray-800 dark:text-white/90">{row.Whatsapp?.pushname ?? '-'}</div>
          <div className="text-xs text-gray-500">{row.Whatsapp?.phonenumber ?? '-'}</div>
          <div className="text-xs text-gray-400">{row.state ?? '-'}</div>
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
    column.accessor('count_success', { header: t('common.success') }),
    column.accessor('count_fail', { header: t('common.failed') }),
    kind === 'generator'
      ? column.display({
          id: 'range',
          header: t('lookup.range'),
          cell: ({ row: { original: row } }) => (
            <span className="text-xs">
              {row.start_number} – {row.end_number}
            </span>
          ),
        })
      : column.display({
          id: 'file',
          header: t('lookup.targetFile'),
          cell: ({ row: { original: row } }) =>
            row.fileUrl ? (
              <button
                type="button"
                className={smallLinkClass}
                title={row.fileName ?? ''}
                onClick={() => void openFile(row)}
              >
                {abbreviate(row.fileName ?? 'file')}
              </button>
            ) : (
              '-'
            ),
        }),
    column.display({
      id: 'progress',
      header: t('lookup.progress'),
      cell: ({ row: { original: row } }) => (
        <div className="min-w-28" data-testid={`progress-${row.id}`}>
          <span className="font-medium">{row.progress.toFixed(2)}%</span>
          {row.total !== undefined && row.total > 0 && (
            <span className="ml-2 text-xs text-gray-500 tabular-nums dark:text-gray-400">
              {MSG.lookupProgress(row.position ?? 0, row.total)}
            </span>
          )}
          <div className="mt-1 h-1.5 rounded-full bg-gray-100 dark:bg-white/10">
            <div className="h-1.5 rounded-full bg-brand-500" style={{ width: `${row.progress}%` }} />
          </div>
          {row.status === 'running' && (
            <div className="mt-1 text-xs text-gray-500">
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
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) => {
        if (busy[row.id]) return <span className="text-xs font-medium">{busy[row.id]}</span>;
        const running = row.status === 'running';
        return (
          <div className="flex flex-wrap gap-1">
            <button
              type="button"
              className={running ? dangerLinkClass : smallLinkClass}
              onClick={() => void control(row, running ? 'stop' : 'start')}
            >
              {running ? t('common.stop') : t('common.start')}
            </button>
            <button type="button" className={smallLinkClass} onClick={() => void download(row)}>
              {t('common.download')}
            </button>
            {!running && (
              <>
                <Link className={smallLinkClass} to={`/${kind}/create?id=${row.id}`}>
                  {t('common.edit')}
                </Link>
                <button type="button" className={dangerLinkClass} onClick={() => void remove(row)}>
                  {t('common.delete')}
                </button>
              </>
            )}
          </div>
        );
      },
    }),
  ];

  return (
    <>
      <Breadcrumb title={TITLES[kind]} />
      {user && <LookupChart kind={kind} user={user} />}
      <PageCard
        title={TITLES[kind]}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            <AddLink to={`/${kind}/create`} />
          </>
        }
      >
        <ListFilters
          search={searchBox}
          searchLabel={t('common.search')}
          placeholder={t('lookup.searchAccount')}
        />
        <PagedTable label={TITLES[kind]} list={list} columns={columns} rows={rows} rowKey={(row) => row.id} />
      </PageCard>
    </>
  );
}
