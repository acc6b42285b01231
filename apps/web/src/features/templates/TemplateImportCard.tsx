import { useState } from 'react';
import { toast } from 'sonner';
import { SKIPPED_PREVIEW_ROWS } from '@blaster/contract';
import { t, useMessages } from '../../i18n';
import { FileField, acceptedFile } from '../../components/FileField';
import { Alert, Button } from '../../components/form';
import { PageCard } from '../../components/data-table';
import { UploadProgress, useUploadTask } from '../../components/UploadCard';
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
  // The bytes sent and the templates the server read show as they move, like the phone-number import.
  const { task, start } = useUploadTask('template-import-file', 'messageImport', MSG.errorImportingFile);
  const importFile = async (chosen: File) => {
    const answer = await start(chosen);
    if (!answer) return;
    await refreshTemplates();
    const done = MSG.templateImportDone(answer.created.length, answer.skipped.length);
    // A skipped row must not pass unnoticed: the result stays on screen.
    if (answer.skipped.length === 0) returnToList(done);
    else toast.success(done);
  };
  const result = task.result;
  return (
    <PageCard title={MSG.templateImportTitle}>
      <form
        noValidate
        className="max-w-3xl space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (task.running) return;
          const problem = acceptedFile(file, ['json'], MSG.fileTypeJson);
          setFileError(problem);
          if (!problem) void importFile(file!);
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
        {task.error && <Alert>{task.error}</Alert>}
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
        <Button type="submit" loading={task.running} disabled={task.running}>
          {task.running ? t('common.uploading') : t('common.upload')}
        </Button>
        {task.running && <UploadProgress task={task} />}
      </form>
    </PageCard>
  );
}
