import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { t, useMessages } from '../i18n';
import { useStateAcrossLanguages } from '../i18n/kept-state';
import type { EndpointAnswer, EndpointNameWhere, Endpoints } from '@blaster/contract';
import { callEndpoint, errorText } from '../lib/api';
import { FileField, acceptedFile } from './FileField';
import { Alert, Button } from './form';
import { PageCard } from './data-table';

type UploadEndpoint = EndpointNameWhere<{ upload: true; method: 'POST' }>;

/**
 * The 'Upload File CSV atau JSON' card of a create page: checks the chosen file's type before sending
 * it, shows the server's error, and then what the import answered.
 */
export function UploadCard<N extends UploadEndpoint, Answer = EndpointAnswer<Endpoints[N]>>({
  id,
  endpoint,
  onUploaded,
  renderResult,
}: {
  id: string;
  endpoint: N;
  onUploaded?(answer: Answer): Promise<void> | void;
  renderResult(answer: Answer): ReactNode;
}) {
  const MSG = useMessages();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  // What the import answered stays on screen through a language switch.
  const [result, setResult] = useStateAcrossLanguages<Answer | null>(`upload:${id}`, null);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen);
      return callEndpoint(endpoint, { body: form } as never, {
        fallback: MSG.errorImportingFile,
      }) as Promise<Answer>;
    },
    onSuccess: async (answer) => {
      setResult(answer);
      await onUploaded?.(answer);
    },
  });
  return (
    <PageCard title={t('common.uploadCard')}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          const problem = acceptedFile(file, ['csv', 'json'], MSG.fileTypeCsvJson);
          setFileError(problem);
          if (!problem) upload.mutate(file!);
        }}
      >
        <FileField
          id={id}
          label={t('common.file')}
          accept=".csv,.json"
          error={fileError}
          onChange={(chosen) => {
            setFile(chosen);
            setFileError(undefined);
          }}
        />
        {upload.error && <Alert>{errorText(upload.error, MSG.errorImportingFile)}</Alert>}
        <Button type="submit" loading={upload.isPending} disabled={upload.isPending}>
          {upload.isPending ? t('common.uploading') : t('common.upload')}
        </Button>
        {result && renderResult(result)}
      </form>
    </PageCard>
  );
}
