import clsx from 'clsx';
import { API, EXPORT_FILE_NAMES, PHONE_STATUSES } from '@blaster/contract';
import { t, tValue, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  useDeleteRow,
  useListParams,
  useListSearch,
  ListFilters,
  AddLink,
} from '../../components/data-table';
import { ServerExportButtons } from '../../components/ServerExport';
import { phoneNumberKeys, usePhoneNumberList } from './api';
import { usePhoneBulkActions } from './bulk-actions';
import { useLiveCounts } from './use-live-counts';
import { phoneNumberColumns } from './components/phone-number-columns';

/** The list's query from the address: the page, the settled search and the status filter. */
function usePhoneListQuery() {
  const { pageQuery, params } = useListParams();
  const searchBox = useListSearch();
  const status = params.get('status') ?? '';
  const query = new URLSearchParams(pageQuery);
  if (searchBox.search) query.set('search', searchBox.search);
  if (status) query.set('status', status);
  return { searchBox, query: query.toString() };
}

/**
 * /phonenumber: the blast targets, searched by number or name, filtered by status, sorted by number or
 * name (all kept in the address), with exports, bulk suppress and delete, and live counts from the
 * blast engine.
 */
export function PhoneNumberListPage() {
  const MSG = useMessages();
  const { searchBox, query } = usePhoneListQuery();
  const list = usePhoneNumberList(query);
  const { flash, live } = useLiveCounts({
    rows: list.data?.data,
    fetching: list.isFetching,
    refetch: list.refetch,
  });
  const remove = useDeleteRow(phoneNumberKeys.all[0], 'phoneNumberDelete');
  const bulkActions = usePhoneBulkActions();

  const rows = list.data?.data.map((row) => ({ ...row, ...live[row.id] }));
  const columns = phoneNumberColumns((row) =>
    remove.actions(`/phonenumber/edit?id=${row.id}`, row.id, row.number),
  );

  return (
    <>
      <Breadcrumb title={t('route./phonenumber')} />
      <PageCard
        title={t('route./phonenumber')}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            <ServerExportButtons
              id="phonenumber"
              formats={['csv', 'json']}
              file={(format) => ({
                path: `${API.phoneExport}?format=${format}`,
                name:
                  format === 'csv' ? EXPORT_FILE_NAMES.phoneNumbersCsv : EXPORT_FILE_NAMES.phoneNumbersJson,
              })}
            />
            <AddLink to="/phonenumber/create" />
          </>
        }
      >
        <ListFilters
          search={searchBox}
          searchLabel={t('phone.search')}
          statuses={{
            all: MSG.filterStatus,
            options: PHONE_STATUSES.map((value) => ({ value, label: tValue('phoneStatus', value) })),
          }}
        />
        <PagedTable
          label={t('route./phonenumber')}
          list={list}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          listKey="phonenumber"
          // A search sorts by what it searched (the index it reads), so the headers do not while searching.
          sortable={!searchBox.search}
          pageSizes
          bulkActions={bulkActions}
          rowClassName={(row) => clsx(flash[row.original.id] && 'bg-brand-50 dark:bg-brand-500/10')}
        />
      </PageCard>
    </>
  );
}
