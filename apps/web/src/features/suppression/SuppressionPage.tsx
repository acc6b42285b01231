import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  API,
  REALTIME_CHANNEL_ADMIN,
  SUPPRESSION_CSV_FILE,
  SUPPRESSION_REMOVE_ROLES,
} from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  ListFilters,
  PageCard,
  PagedTable,
  RefreshButton,
  useListParams,
  useListSearch,
} from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { subscribe } from '../../lib/realtime';
import { getStoredUser } from '../../lib/session';
import { suppressionKeys, useSuppressionList } from './api';
import { ServerExportButtons } from '../../components/ServerExport';
import { SuppressionAddCard } from './components/SuppressionAddCard';
import { suppressionColumns } from './components/suppression-columns';
import { useSuppressionBulkActions } from './bulk-actions';

/**
 * /suppression: numbers that opted out (a STOP reply, or added by hand). The blast engine never sends
 * to them; operators may take one off again, staff may add and export.
 */
export function SuppressionPage() {
  const MSG = useMessages();
  const queryClient = useQueryClient();
  const { pageQuery } = useListParams();
  const search = useListSearch();
  const list = useSuppressionList(search.withSearch(pageQuery));
  // A STOP reply anywhere adds a row at once.
  useEffect(
    () =>
      subscribe(REALTIME_CHANNEL_ADMIN, (message) => {
        if (message.event === 'suppressed')
          void queryClient.invalidateQueries({ queryKey: suppressionKeys.all });
      }),
    [queryClient],
  );

  const remove = useMutation({
    mutationFn: (number: string) => callEndpoint('suppressionDelete', { params: { number } }),
    onSuccess: async (answer) => {
      toast.success(answer.msg);
      await queryClient.invalidateQueries({ queryKey: suppressionKeys.all });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const mayRemove = SUPPRESSION_REMOVE_ROLES.includes(getStoredUser()?.role ?? 'member');
  const bulkActions = useSuppressionBulkActions(mayRemove);
  const columns = suppressionColumns(
    mayRemove
      ? {
          remove: (number) => remove.mutate(number),
          removing: remove.isPending ? remove.variables : undefined,
        }
      : undefined,
  );

  return (
    <>
      <Breadcrumb title={MSG.suppressionTitle} />
      <div className="space-y-6">
        <SuppressionAddCard />
        <PageCard
          title={MSG.suppressionTitle}
          actions={
            <>
              <RefreshButton onRefresh={() => list.refetch()} />
              <ServerExportButtons
                id="suppression"
                formats={['csv']}
                file={() => ({ path: API.suppressionExport, name: SUPPRESSION_CSV_FILE })}
              />
            </>
          }
        >
          <ListFilters search={search} searchLabel={t('suppression.search')} />
          <PagedTable
            label={MSG.suppressionTitle}
            list={list}
            columns={columns}
            rowKey={(row) => row.number}
            listKey="suppression"
            sortable
            pageSizes
            bulkActions={bulkActions}
          />
        </PageCard>
      </div>
    </>
  );
}
