import { useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { API, isImageUrl, type Paged, type TemplateRow } from '@blaster/contract';
import { MSG } from '../../i18n';
import { Breadcrumb } from '../../app/layout/Breadcrumb';
import { Button } from '../../components/form';
import { acceptedFile } from '../../components/FileField';
import {
  PagedTable,
  PageCard,
  RefreshButton,
  useDeleteRow,
  useListParams,
  type Columns,
  AddLink,
  ExportButtons,
} from '../../components/list';
import { apiRequest, errorText } from '../../lib/api';
import { downloadJson } from '../../lib/download';

const column = createColumnHelper<TemplateRow>();

/** /message: blast message templates, with a JSON import and export. */
export function TemplateListPage() {
  const { pageQuery } = useListParams();
  const queryClient = useQueryClient();
  const importInput = useRef<HTMLInputElement>(null);
  const list = useQuery({
    queryKey: ['templates', pageQuery],
    queryFn: () => apiRequest<Paged<TemplateRow>>(`${API.messagePerPage}?${pageQuery}`),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteRow('templates', API.message);

  const importJson = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<{ created: TemplateRow[]; skipped: unknown[] }>(API.messageImport, {
        method: 'POST',
        body: form,
        fallback: MSG.errorImportingFile,
      });
    },
    onSuccess: (answer) => {
      toast.success(`${answer.created.length} template diimpor, ${answer.skipped.length} dilewatkan.`);
      void queryClient.invalidateQueries({ queryKey: ['templates'] });
    },
    onError: (error) => toast.error(errorText(error, MSG.errorImportingFile)),
  });
  const exportAll = async () => {
    try {
      const { list: all } = await apiRequest<{ list: TemplateRow[] }>(API.messageList);
      if (all.length === 0) return void toast.error(MSG.noMessagesToExport);
      downloadJson('messages.json', all);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const columns: Columns<TemplateRow> = [
    column.accessor('media', {
      header: 'Media',
      cell: ({ row: { original: row } }) =>
        !row.media ? (
          '-'
        ) : isImageUrl(row.media) ? (
          <img src={row.media} alt="" className="size-14 rounded-lg object-cover" />
        ) : (
          <a href={row.media} target="_blank" rel="noreferrer" className="text-brand-600 underline">
            View Media
          </a>
        ),
    }),
    column.accessor('text_wa', {
      header: 'Caption',
      cell: (info) => <p className="max-w-sm text-sm whitespace-pre-line">{info.getValue() || '-'}</p>,
    }),
    column.accessor('button', {
      header: 'Button',
      cell: ({ row: { original: row } }) => row.button.map((button) => button.title).join(', ') || '-',
    }),
    column.accessor('count_use', { header: 'Digunakan', cell: (info) => `${info.getValue()} kali` }),
    column.accessor('status', { header: 'Status' }),
    column.display({
      id: 'action',
      header: 'Action',
      cell: ({ row: { original: row } }) =>
        remove.actions(`/message/edit?id=${row.id}`, row.id, 'Template ini'),
    }),
  ];
  return (
    <>
      <Breadcrumb title="Template Pesan Blaster" />
      <PageCard
        title="Template Pesan Blaster"
        actions={
          <>
            <RefreshButton onRefresh={() => list.refetch()} />
            <input
              ref={importInput}
              type="file"
              accept=".json"
              aria-label="Import JSON"
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
            <ExportButtons formats={['json']} onExport={exportAll} />
            <AddLink to="/message/create" />
          </>
        }
      >
        <PagedTable label="Template Pesan Blaster" list={list} columns={columns} rowKey={(row) => row.id} />
      </PageCard>
    </>
  );
}
