import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  API,
  REALTIME_CHANNEL_ADMIN,
  SUPPRESSION_CSV_FILE,
  SUPPRESSION_REMOVE_ROLES,
  suppressionCreateSchema,
  type SuppressionCreate,
  type SuppressionRow,
} from '@blaster/contract';
import { messages, t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button, showFieldErrors, TextField } from '../../components/form';
import {
  ExportButtons,
  ListFilters,
  PageCard,
  PagedTable,
  RefreshButton,
  dangerLinkClass,
  formatDateTime,
  useListParams,
  useListSearch,
  type Columns,
} from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { confirmDialog } from '../../lib/dialogs';
import { downloadFromServer } from '../../lib/download';
import { subscribe } from '../../lib/realtime';
import { getStoredUser } from '../../lib/session';
import { suppressionKeys, useSuppressionList } from './api';

const column = createColumnHelper<SuppressionRow>();
const reasonLabel = (reason: SuppressionRow['reason']) => {
  const MSG = messages();
  return reason === 'reply' ? MSG.suppressionReasonReply : MSG.suppressionReasonManual;
};

/**
 * /suppression: numbers that opted out (a STOP reply, or added by hand). The blast engine never sends
 * to them; operators may take one off again, staff may add and export.
 */
export function SuppressionPage() {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  const { pageQuery } = useListParams();
  const search = useListSearch();
  const query = new URLSearchParams(pageQuery);
  if (search.search) query.set('search', search.search);
  const list = useSuppressionList(query.toString());
  // A STOP reply anywhere adds a row at once.
  useEffect(
    () =>
      subscribe(REALTIME_CHANNEL_ADMIN, (message) => {
        if (message.event === 'suppressed')
          void queryClient.invalidateQueries({ queryKey: suppressionKeys.all });
      }),
    [queryClient],
  );

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SuppressionCreate>({
    resolver: zodResolver(suppressionCreateSchema),
    defaultValues: { number: '', note: '' },
  });
  const add = useMutation({
    mutationFn: (body: SuppressionCreate) => callEndpoint('suppressionCreate', { body }),
    onSuccess: async (answer) => {
      toast.success(answer.msg);
      reset();
      await queryClient.invalidateQueries({ queryKey: suppressionKeys.all });
    },
    onError: showFieldErrors(setError),
  });
  const remove = useMutation({
    mutationFn: (number: string) => callEndpoint('suppressionDelete', { params: { number } }),
    onSuccess: async (answer) => {
      toast.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: suppressionKeys.all });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const mayRemove = SUPPRESSION_REMOVE_ROLES.includes(getStoredUser()?.role ?? 'member');

  const columns: Columns<SuppressionRow> = [
    column.accessor('number', { header: t('common.phoneNumber') }),
    column.accessor('reason', {
      header: t('suppression.reason'),
      cell: (info) => reasonLabel(info.getValue() as SuppressionRow['reason']),
    }),
    column.accessor('note', { header: t('suppression.note'), cell: (info) => info.getValue() ?? '-' }),
    column.accessor('created_at', {
      header: t('suppression.since'),
      cell: (info) => formatDateTime(info.getValue()),
    }),
    ...(mayRemove
      ? [
          column.display({
            id: 'action',
            header: t('common.action'),
            cell: ({ row: { original: row } }) => (
              <button
                type="button"
                className={dangerLinkClass}
                onClick={async () => {
                  if (
                    await confirmDialog(MSG.confirmRemoveSuppression(row.number), t('common.deleteConfirm'))
                  )
                    remove.mutate(row.number);
                }}
              >
                {remove.isPending && remove.variables === row.number ? MSG.deleting : t('common.delete')}
              </button>
            ),
          }),
        ]
      : []),
  ];

  const exportCsv = async () => {
    try {
      await downloadFromServer(API.suppressionExport, SUPPRESSION_CSV_FILE);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <>
      <Breadcrumb title={MSG.suppressionTitle} />
      <div className="space-y-6">
        <PageCard title={t('suppression.addTitle')}>
          <form
            onSubmit={handleSubmit((body) => add.mutate(body))}
            noValidate
            className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <TextField
              id="suppression-number"
              label={t('phone.number')}
              inputMode="tel"
              error={errors.number?.message}
              {...register('number')}
            />
            <TextField
              id="suppression-note"
              label={t('suppression.note')}
              optional
              error={errors.note?.message}
              {...register('note')}
            />
            <Button type="submit" loading={add.isPending} disabled={add.isPending}>
              {t('suppression.add')}
            </Button>
          </form>
        </PageCard>
        <PageCard
          title={MSG.suppressionTitle}
          actions={
            <>
              <RefreshButton onRefresh={() => list.refetch()} />
              <ExportButtons formats={['csv']} onExport={exportCsv} />
            </>
          }
        >
          <ListFilters search={search} searchLabel={t('suppression.search')} />
          <PagedTable
            label={MSG.suppressionTitle}
            list={list}
            columns={columns}
            rowKey={(row) => row.number}
          />
        </PageCard>
      </div>
    </>
  );
}
