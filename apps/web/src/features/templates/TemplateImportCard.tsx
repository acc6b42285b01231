import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SKIPPED_PREVIEW_ROWS } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { FileField, acceptedFile } from '../../components/FileField';
import { Alert, Button } from '../../components/form';
import { PageCard } from '../../components/data-table';
import { callEndpoint, errorText } from '../../lib/api';
import { useRefreshTemplates } from './api';
import { useReturnToList } from '../../lib/return-to-list';

/**
 * The template form's separate upload of a .json file of templates: a file of the
 * 'Export JSON' shape. Everything imported goes back like a saved form; skipped entries stay listed.
 */
export function TemplateImportCard() {
  const MSG = useMessages();
  const returnToList = useReturnToList();
  const refreshTemplates = useRefreshTemplates();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen);
      return callEndpoint('messageImport', { body: form }, { fallback: MSG.errorImportingFile });
    },
    onSuccess: async (answer) => {
      await refreshTemplates();
      const done = MSG.templateImportDone(answer.created.length, answer.skipped.length);
      // A skipped row must not pass unnoticed: the result stays on screen.
      if (answer.skipped.length === 0) returnToList(done);
      else toast.success(done);
    },
  });
  const result = upload.data;
  return (
    <PageCard title={MSG.templateImportTitle}>
      <form
        noValidate
        className="max-w-3xl space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          const problem = acceptedFile(file, ['json'], MSG.fileTypeJson);
          setFileError(problem);
          if (!problem) upload.mutate(file!);
        }}
      >
        <FileField
          id="template-import-file"
          label={t('template.jsonFile')}
          accept=".json,application/json"
          error={fileError}
          onChange={(chosen) => {
            setFile(chosen);
            setFileError(undefined);
          }}
        />
        {upload.error && <Alert>{errorText(upload.error, MSG.errorImportingFile)}</Alert>}
        {result && result.skipped.length > 0 && (
          <div data-testid="template-import-result" className="space-y-2 text-sm">
            <p className="rounded-lg bg-amber-50 px-4 py-3 text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
              {MSG.templateImportDone(result.created.length, result.skipped.length)}
            </p>
            <ul className="list-inside list-disc text-xs text-gray-600 dark:text-gray-400">
              {result.skipped.slice(0, SKIPPED_PREVIEW_ROWS).map((item) => (
                <li key={item.index}>
                  #{item.index}: {item.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Button type="submit" loading={upload.isPending} disabled={upload.isPending}>
          {upload.isPending ? t('common.uploading') : t('common.upload')}
        </Button>
      </form>
    </PageCard>
  );
}
