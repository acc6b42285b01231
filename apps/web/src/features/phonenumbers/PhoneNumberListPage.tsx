import { useEffect, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import clsx from 'clsx';
import {
  type AnswerOf,
  API,
  FLASH_MS,
  PHONE_LIST_MAX_LIMIT,
  REALTIME_CHANNEL_CLIENT_ADMIN,
  type PhoneNumberWithConsentRow as PhoneNumberRow,
} from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  useDeleteRow,
  formatDateTime,
  useListParams,
  type Columns,
  AddLink,
  ExportButtons,
} from '../../components/data-table';
import { apiRequest, errorText } from '../../lib/api';
import { downloadCsv, downloadJson } from '../../lib/download';
import { subscribe } from '../../lib/realtime';
import { ConsentCell } from './ConsentFields';
import { phoneNumberKeys, usePhoneNumberList } from './api';

const column = createColumnHelper<PhoneNumberRow>();

/** /phonenumber: the blast targets, with exports and live counts from the blast engine. */
export function PhoneNumberListPage() {
  const MSG = useMessages();
  const { pageQuery } = useListParams();
  const [flash, setFlash] = useState<Record<number, boolean>>({});
  const [live, setLive] = useState<Record<number, Partial<PhoneNumberRow>>>({});
  const list = usePhoneNumberList(pageQuery);
  useEffect(() => setLive({}), [list.data]);

  // Sends update counts, last sent and the in-use mark as they happen; a count change flashes 1 s.
  useEffect(
    () =>
      subscribe(REALTIME_CHANNEL_CLIENT_ADMIN, (message) => {
        const payload = (message.payload ?? {}) as Partial<PhoneNumberRow> & { receiverId?: number };
        const id = payload.receiverId;
        if (typeof id !== 'number') return;
        setLive((current) => ({ ...current, [id]: { ...current[id], ...payload } }));
        if (message.event === 'count_success' || message.event === 'count_fail') {
          setFlash((current) => ({ ...current, [id]: true }));
          setTimeout(() => setFlash(({ [id]: _done, ...rest }) => rest), FLASH_MS);
        }
      }),
    [],
  );

  const remove = useDeleteRow(phoneNumberKeys.all[0], API.phoneNumber);

  const exportAll = async (kind: 'csv' | 'json') => {
    try {
      // The list answers slices; the whole list is walked newest first, each slice after the last.
      const all: PhoneNumberRow[] = [];
      for (let after: number | undefined; ;) {
        const query = new URLSearchParams({ limit: String(PHONE_LIST_MAX_LIMIT) });
        if (after) query.set('after', String(after));
        const { list: slice } = await apiRequest<AnswerOf<'phoneList'>>(`${API.phoneList}?${query}`, {
          fallback: MSG.errorFetchingPhoneNumberList,
        });
        all.push(...slice);
        if (slice.length < PHONE_LIST_MAX_LIMIT) break;
        after = slice.at(-1)!.id;
      }
      if (all.length === 0) {
        toast.error(MSG.noPhoneNumbersToExport);
        return;
      }
      const rows = all.map((row) => ({ number: row.number, name: row.name, status: 'active' }));
      if (kind === 'csv') downloadCsv('phone_numbers.csv', rows, ['number', 'name', 'status']);
      else downloadJson('phone_numbers.json', rows);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const rows = list.data?.data.map((row) => ({ ...row, ...live[row.id] }));
  const columns: Columns<PhoneNumberRow> = [
    column.accessor('number', {
      header: t('common.phoneNumber'),
      cell: ({ row: { original: row } }) => (
        <span>
          {row.number}
          {row.in_use === 1 && (
            <span className="ml-1 text-xs font-medium text-amber-600">{t('phone.inUse')}</span>
          )}
          {row.suppressed && (
            <span className="ml-1 rounded bg-red-50 px-1.5 text-xs font-medium text-red-700 dark:bg-red-500/10 dark:text-red-400">
              Suppressed
            </span>
          )}
        </span>
      ),
    }),
    column.accessor('name', { header: t('common.name') }),
    column.accessor('consent_at', {
      header: t('consent.column'),
      cell: ({ row: { original: row } }) => <ConsentCell source={row.consent_source} at={row.consent_at} />,
    }),
    column.accessor('count_success', { header: t('phone.countSuccess') }),
    column.accessor('count_fail', { header: t('phone.countFail') }),
    column.accessor('last_sent', {
      header: t('phone.lastSent'),
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.display({
      id: 'action',
      header: t('common.action'),
      cell: ({ row: { original: row } }) =>
        remove.actions(`/phonenumber/edit?id=${row.id}`, row.id, row.number),
    }),
  ];

  return (
    <>
      <Breadcrumb title={t('route./phonenumber')} />
      <PageCard
        title={t('route./phonenumber')}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            <ExportButtons formats={['csv', 'json']} onExport={exportAll} />
            <AddLink to="/phonenumber/create" />
          </>
        }
      >
        <PagedTable
          label={t('route./phonenumber')}
          list={list}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowClassName={(row) => clsx(flash[row.original.id] && 'bg-brand-50 dark:bg-brand-500/10')}
        />
      </PageCard>
    </>
  );
}
