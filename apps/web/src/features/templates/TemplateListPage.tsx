import { TEMPLATE_STATUSES } from '@blaster/contract';
import { toast } from 'sonner';
import { messages, t, tValue } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  useDeleteRow,
  useListParams,
  useListSearch,
  AddLink,
  ExportButtons,
  StatusFilter,
} from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { downloadJson } from '../../lib/download';
import { templateKeys, useTemplateList } from './api';
import { templateColumns } from './components/template-columns';
import { useTemplateListImport } from './components/template-import';
import { useTemplateBulkActions } from './bulk-actions';

/** 'Export JSON': every template, as the import reads them back. */
async function exportAllTemplates() {
  try {
    const { list: all } = await callEndpoint('messageList');
    if (all.length === 0) return void toast.error(messages().noMessagesToExport);
    downloadJson('messages.json', all);
  } catch (error) {
    toast.error(errorText(error));
  }
}

/**
 * /message: blast message templates, searched (waits 1 s), filtered by status and sorted by the
 * server, with a JSON import and export and bulk actions.
 */
export function TemplateListPage() {
  const { pageAndStatusQuery } = useListParams();
  const searchBox = useListSearch();
  const list = useTemplateList(searchBox.withSearch(pageAndStatusQuery));
  const remove = useDeleteRow(templateKeys.all[0], 'messageDelete');
  const bulkActions = useTemplateBulkActions();
  const importJson = useTemplateListImport();
  const columns = templateColumns((row) =>
    remove.actions(`/message/edit?id=${row.id}`, row.id, t('template.thisTemplate')),
  );
  return (
    <>
      <Breadcrumb title={t('route./message')} />
      <PageCard
        title={t('route./message')}
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            {importJson.button}
            <ExportButtons formats={['json']} onExport={exportAllTemplates} />
            <AddLink to="/message/create" />
          </>
        }
      >
        {importJson.status}
        <StatusFilter
          values={TEMPLATE_STATUSES}
          label={(value) => tValue('recordStatus', value)}
          search={searchBox}
          searchLabel={t('template.search')}
        />
        <PagedTable
          label={t('route./message')}
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          listKey="message"
          sortable
          pageSizes
          bulkActions={bulkActions}
        />
      </PageCard>
    </>
  );
}
