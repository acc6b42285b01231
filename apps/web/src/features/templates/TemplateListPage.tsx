import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { TEMPLATE_STATUSES } from '@blaster/contract';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { messages, t, tValue, useMessages } from '../../i18n';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button } from '../../components/form';
import { acceptedFile } from '../../components/FileField';
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
import { templateKeys, useRefreshTemplates, useTemplateList } from './api';
import { templateColumns } from './components/template-columns';
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
  const MSG = useMessages();
  const { pageAndStatusQuery } = useListParams();
  const searchBox = useListSearch();
  const refreshTemplates = useRefreshTemplates();
  const importInput = useRef<HTMLInputElement>(null);
  const list = useTemplateList(searchBox.withSearch(pageAndStatusQuery));
  const remove = useDeleteRow(templateKeys.all[0], 'messageDelete');
  const bulkActions = useTemplateBulkActions();

  const importJson = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return callEndpoint('messageImport', { body: form }, { fallback: MSG.errorImportingFile });
    },
    onSuccess: (answer) => {
      toast.success(MSG.templateImportDone(answer.created.length, answer.skipped.length));
      void refreshTemplates();
    },
    onError: (error) => toast.error(errorText(error, MSG.errorImportingFile)),
  });

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
            <input
              ref={importInput}
              type="file"
              accept=".json"
              aria-label={t('template.importJson')}
              className="hidden"
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                const problem = acceptedFile(file, ['json'], MSG.fileTypeJson);
                if (problem) toast.error(problem);
                else importJson.mutate(file!);
              }}
            />
            <Button
              type="button"
              variant="outline"
              className="py-2.5"
              loading={importJson.isPending}
              onClick={() => importInput.current?.click()}
            >
              <Upload className="size-4" aria-hidden="true" /> Import JSON
            </Button>
            <ExportButtons formats={['json']} onExport={exportAllTemplates} />
            <AddLink to="/message/create" />
          </>
        }
      >
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
