import { useRef } from 'react';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { t, useMessages } from '../../../i18n';
import { Alert, Button } from '../../../components/form';
import { acceptedFile } from '../../../components/FileField';
import { UploadProgress, useUploadTask } from '../../../components/UploadCard';
import { useRefreshTemplates } from '../api';

/**
 * The template list's 'Import JSON': a big file takes a while to send and to read, so the bytes sent
 * and the templates the server read show as they move, as on the phone-number import. `button` goes
 * with the list's actions, `status` above its rows.
 */
export function useTemplateListImport() {
  const MSG = useMessages();
  const refreshTemplates = useRefreshTemplates();
  const input = useRef<HTMLInputElement>(null);
  const { task, start } = useUploadTask('template-list-import', 'messageImport', MSG.errorImportingFile);
  const importFile = async (file: File) => {
    const answer = await start(file);
    if (!answer) return;
    toast.success(MSG.templateImportDone(answer.created.length, answer.skipped.length));
    await refreshTemplates();
  };
  const button = (
    <>
      <input
        ref={input}
        type="file"
        accept=".json"
        aria-label={t('template.importJson')}
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          event.target.value = '';
          const problem = acceptedFile(file, ['json'], MSG.fileTypeJson);
          if (problem) toast.error(problem);
          else void importFile(file!);
        }}
      />
      <Button
        type="button"
        variant="outline"
        className="py-2.5"
        loading={task.running}
        disabled={task.running}
        onClick={() => input.current?.click()}
      >
        <Upload className="size-4" aria-hidden="true" /> {t('template.importJson')}
      </Button>
    </>
  );
  const status =
    task.running || task.error ? (
      <div className="mb-4 space-y-4">
        {task.error && <Alert>{task.error}</Alert>}
        {task.running && <UploadProgress task={task} />}
      </div>
    ) : null;
  return { button, status };
}
