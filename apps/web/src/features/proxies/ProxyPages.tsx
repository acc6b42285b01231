import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import clsx from 'clsx';
import {
  EXPORT_FILE_NAMES,
  proxySaveSchema,
  proxyUpdateSchema,
  PROXY_STATUSES,
  type EndpointAnswer,
  type Endpoints,
  type ProxyStatus,
  type ProxyRow,
  type ProxyUpdate,
} from '@blaster/contract';
import { formatNumber, t, tValue, useMessages } from '../../i18n';
import { RecordPage, SaveWithError, StatusCheckbox, useSaveAndGoBack } from '../../components/RecordPage';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Alert, Button, TextField } from '../../components/form';
import { ImportResult, proxyTexts, downloadSkipped } from '../../components/ImportResult';
import { UploadCard } from '../../components/UploadCard';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  useDeleteRow,
  useListParams,
  useListSearch,
  type Columns,
  AddLink,
  ExportButtons,
  StatusFilter,
} from '../../components/data-table';
import { ApiError, callEndpoint, errorText } from '../../lib/api';
import { downloadCsv, downloadJson } from '../../lib/download';
import { proxyKeys, useProxyList, useRefreshProxies } from './api';
import { useProxyBulkActions } from './bulk-actions';
import { useReturnToList } from '../../lib/return-to-list';

const column = createColumnHelper<ProxyRow>();
const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
/** Green active, yellow in use, red otherwise: a proxy's state at a glance. */
const statusClass = (status: string) =>
  status === 'active'
    ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300'
    : status === 'in use'
      ? 'bg-amber-50 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300'
      : 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300';

const proxyStatusLabel = (status: string) => tValue('proxyStatus', status) || capitalised(status);

/**
 * /proxy: proxy records with their use count, searched (waits 1 s), filtered by status and sorted by
 * the server; they are records only.
 */
export function ProxyListPage() {
  const MSG = useMessages();
  const { pageAndStatusQuery } = useListParams();
  const searchBox = useListSearch();
  const list = useProxyList(searchBox.withSearch(pageAndStatusQuery));
  const remove = useDeleteRow(proxyKeys.all[0], 'proxyDelete');
  const bulkActions = useProxyBulkActions();

  const exportAll = async (kind: 'csv' | 'json') => {
    try {
      const { list: all } = await callEndpoint('proxyList', {}, { fallback: MSG.errorFetchingProxyList });
      if (all.length === 0) return void toast.error(MSG.noProxysToExport);
      const rows = all.map((row) => ({ value: row.value, status: row.status }));
      if (kind === 'csv') downloadCsv('proxies.csv', rows, ['value', 'status']);
      else downloadJson('proxies.json', rows);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const columns: Columns<ProxyRow> = [
    column.accessor('value', { header: t('proxy.proxy'), meta: { sortKey: 'value' } }),
    column.accessor('count_use', {
      header: t('proxy.used'),
      meta: { figure: true },
      cell: (info) => t('common.times', { n: formatNumber(info.getValue()) }),
    }),
    column.accessor('status', {
      header: t('common.status'),
      meta: { sortKey: 'status' },
      cell: (info) => (
        <span
          className={clsx(
            'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            statusClass(info.getValue()),
          )}
        >
          {proxyStatusLabel(info.getValue())}
        </span>
      ),
    }),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) => remove.actions(`/proxy/edit?id=${row.id}`, row.id, row.value),
    }),
  ];
  return (
    <>
      <Breadcrumb title={t('route./proxy')} />
      <PageCard
        title={t('route./proxy')}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            <ExportButtons formats={['csv', 'json']} onExport={exportAll} />
            <AddLink to="/proxy/create" />
          </>
        }
      >
        <StatusFilter
          values={PROXY_STATUSES}
          label={proxyStatusLabel}
          search={searchBox}
          searchLabel={t('proxy.search')}
        />
        <PagedTable
          label={t('route./proxy')}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          listKey="proxy"
          sortable
          pageSizes
          bulkActions={bulkActions}
        />
      </PageCard>
    </>
  );
}

type ProxyImport = EndpointAnswer<Endpoints['proxyImport']>;

/** /proxy/create: one proxy by hand or a file of them; success goes back one page. */
export function ProxyCreatePage() {
  const MSG = useMessages();
  const returnToList = useReturnToList();
  const refreshProxies = useRefreshProxies();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ value: string }>({ resolver: zodResolver(proxySaveSchema), defaultValues: { value: '' } });
  const save = useSaveAndGoBack(
    (body: { value: string }) => callEndpoint('proxySave', { body }, { fallback: MSG.networkError }),
    proxyKeys.all[0],
    setError,
  );
  const uploaded = async (answer: ProxyImport) => {
    await refreshProxies();
    // Fully successful only when nothing was skipped: a skipped row must not pass unnoticed.
    if (answer.skippedCount === 0) returnToList(null);
  };
  return (
    <>
      <Breadcrumb title={t('route./proxy/create')} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <PageCard title={t('common.addManual')}>
          <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="space-y-5">
            <TextField
              id="proxy-value"
              label={t('proxy.proxy')}
              error={errors.value?.message}
              placeholder="http://host:port"
              {...register('value')}
            />
            {save.error && !(save.error instanceof ApiError && save.error.errors.value) && (
              <Alert>{errorText(save.error, MSG.networkError)}</Alert>
            )}
            <Button type="submit" loading={save.isPending} disabled={save.isPending}>
              {save.isPending ? MSG.saving : MSG.save}
            </Button>
          </form>
        </PageCard>
        <UploadCard
          id="proxy-file"
          endpoint="proxyImport"
          onUploaded={uploaded}
          renderResult={(result) => (
            <ImportResult
              texts={proxyTexts}
              createdCount={result.createdCount}
              skipped={result.skipped}
              skippedCount={result.skippedCount}
              columns={[
                { key: 'value', label: t('proxy.proxy') },
                { key: 'status', label: t('common.status') },
              ]}
              onDownloadCsv={() =>
                result.skippedCount
                  ? downloadSkipped(result, 'csv', EXPORT_FILE_NAMES.proxiesSkippedCsv, () =>
                      downloadCsv(EXPORT_FILE_NAMES.proxiesSkippedCsv, result.skipped, ['value', 'status']),
                    )
                  : toast.error(MSG.noProxiesToExport)
              }
              onDownloadJson={() =>
                result.skippedCount
                  ? downloadSkipped(result, 'json', EXPORT_FILE_NAMES.proxiesSkippedJson, () =>
                      downloadJson(EXPORT_FILE_NAMES.proxiesSkippedJson, result.skipped),
                    )
                  : toast.error(MSG.noProxiesToExport)
              }
            />
          )}
        />
      </div>
    </>
  );
}

/** /proxy/edit?id=: the value and the active toggle. */
export function ProxyEditPage() {
  const MSG = useMessages();
  return (
    <RecordPage
      title={t('route./proxy/edit')}
      queryKey={proxyKeys.detail()}
      path="proxyGet"
      fallback={MSG.errorFetchingProxy}
      pick={(answer: { proxy: ProxyRow }) => answer.proxy}
    >
      {(row) => <ProxyEditForm row={row!} />}
    </RecordPage>
  );
}

const storedStatus = (row: ProxyRow): ProxyStatus =>
  (PROXY_STATUSES as readonly string[]).includes(row.status) ? (row.status as ProxyStatus) : 'active';

function ProxyEditForm({ row }: { row: ProxyRow }) {
  const MSG = useMessages();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ProxyUpdate>({
    resolver: zodResolver(proxyUpdateSchema),
    defaultValues: {
      id: row.id,
      value: row.value,
      status: storedStatus(row),
    },
  });
  const save = useSaveAndGoBack(
    (body: ProxyUpdate) =>
      callEndpoint('proxyUpdate', { params: { id: row.id }, body }, { fallback: MSG.networkError }),
    proxyKeys.all[0],
    setError,
  );
  const activeStatus = storedStatus(row) === 'in use' ? 'in use' : 'active';
  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="max-w-xl space-y-5">
      <TextField
        id="proxy-edit-value"
        label={t('proxy.proxy')}
        error={errors.value?.message}
        {...register('value')}
      />
      <StatusCheckbox
        label={t('common.active')}
        active={watch('status') !== 'nonactive'}
        // 'in use' counts as active; switching off and on again must not lose it.
        onChange={(status) => setValue('status', status === 'active' ? activeStatus : status)}
      />
      <SaveWithError save={save} />
    </form>
  );
}
