import { useEffect, useState, type ReactNode } from 'react';
import {
  REALTIME_CHANNEL_PRIVATE,
  importProgressSchema,
  type EndpointAnswer,
  type EndpointNameWhere,
  type Endpoints,
  type ImportProgress,
} from '@blaster/contract';
import { formatBytes, formatNumber, formatPercent, t, useMessages } from '../i18n';
import { useStateAcrossLanguages } from '../i18n/kept-state';
import { callEndpoint, errorText } from '../lib/api';
import { channelSettled, subscribe } from '../lib/realtime';
import { FileField, acceptedFile } from './FileField';
import { Alert, Button } from './form';
import { PageCard } from './data-table';
import { ProgressBar } from './ProgressBar';

type UploadEndpoint = EndpointNameWhere<{ upload: true; method: 'POST' }> &
  ('phoneImport' | 'proxyImport' | 'messageImport');

/** An upload and its import as the card shows them; kept through a language switch. */
interface UploadTask<Answer> {
  running: boolean;
  /** The file's size, and how much of it was sent. */
  size: number;
  sent: number;
  /** What the server last told of the import (rows read and saved), once it did. */
  processed: ImportProgress | null;
  result: Answer | null;
  error: string | null;
}
const IDLE = { running: false, size: 0, sent: 0, processed: null, result: null, error: null };
/** How long an upload waits for its progress channel to open before it goes without it. */
const CHANNEL_WAIT_MS = 5_000;

/** A random v4 UUID; `crypto.randomUUID` exists only on secure pages (a panel on plain http has none). */
function uploadId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Sends the file with its progress heard twice: the bytes sent, from the browser, and the import's
 * rows read and saved, from the server on the uploader's private channel (opened first, so the first
 * reports are not missed). Runs apart from the card, so a language switch meanwhile loses nothing.
 */
async function upload<Answer>(
  endpoint: UploadEndpoint,
  file: File,
  update: (change: (task: UploadTask<Answer>) => UploadTask<Answer>) => void,
  fallback: string,
): Promise<Answer | null> {
  const id = uploadId();
  update(() => ({ ...IDLE, running: true, size: file.size }));
  const stop = subscribe(REALTIME_CHANNEL_PRIVATE, (message) => {
    if (message.event !== 'import_progress') return;
    const told = importProgressSchema.safeParse(message.payload);
    if (!told.success || told.data.uploadId !== id) return;
    update((task) => (task.running ? { ...task, processed: told.data } : task));
  });
  try {
    await channelSettled(REALTIME_CHANNEL_PRIVATE, CHANNEL_WAIT_MS);
    const form = new FormData();
    form.append('file', file);
    const answer = (await callEndpoint(endpoint, { query: { progress: id }, body: form } as never, {
      fallback,
      onUploadProgress: ({ sent }) => update((task) => (task.running ? { ...task, sent } : task)),
    })) as Answer;
    update((task) => ({ ...task, running: false, result: answer }));
    return answer;
  } catch (error) {
    update((task) => ({ ...task, running: false, error: errorText(error, fallback) }));
    return null;
  } finally {
    stop();
  }
}

/** The bytes sent, then the rows the server read and saved. */
export function UploadProgress({ task }: { task: UploadTask<unknown> }) {
  const { size, sent, processed } = task;
  const sentText = t('common.uploadProgress', {
    percent: formatPercent(size ? sent / size : 0),
    sent: formatBytes(sent),
    total: formatBytes(size),
  });
  return (
    <div className="space-y-4" data-testid="upload-progress">
      <ProgressBar label={t('common.uploading')} value={sent} max={size} text={sentText} />
      {processed && (
        <ProgressBar
          label={t('common.progressLabel')}
          // Once the file is read, the rows move into their table in one statement whose progress
          // nobody can measure: the bar then only shows that the work goes on.
          value={processed.read ? null : processed.bytesRead}
          max={size}
          text={t(processed.read ? 'common.importSaving' : 'common.importReading', {
            rows: formatNumber(processed.rowsRead),
          })}
          detail={t('common.importReadDetail', {
            read: formatBytes(processed.bytesRead),
            total: formatBytes(size),
            written: formatNumber(processed.rowsWritten),
          })}
        />
      )}
    </div>
  );
}

/**
 * An upload to an import endpoint with its progress: the task under way (kept through a language
 * switch under `id`) and how to start one, which answers the import's answer or null when it failed.
 * The private channel opens with the caller, so an upload's first reports find it open.
 */
export function useUploadTask<N extends UploadEndpoint, Answer = EndpointAnswer<Endpoints[N]>>(
  id: string,
  endpoint: N,
  fallback: string,
) {
  const [task, setTask] = useStateAcrossLanguages<UploadTask<Answer>>(`upload:${id}`, IDLE);
  useEffect(() => subscribe(REALTIME_CHANNEL_PRIVATE, () => {}), []);
  return { task, start: (file: File) => upload<Answer>(endpoint, file, setTask, fallback) };
}

/**
 * The 'Upload File CSV atau JSON' card of a create page: checks the chosen file's type before sending
 * it, shows how far the upload and the import got, the server's error, and then what the import
 * answered.
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
  // The upload under way, and what the import answered, stay on screen through a language switch.
  const upload = useUploadTask<N, Answer>(id, endpoint, MSG.errorImportingFile);
  const { task } = upload;
  const start = async (chosen: File) => {
    const answer = await upload.start(chosen);
    if (answer) await onUploaded?.(answer);
  };
  return (
    <PageCard title={t('common.uploadCard')}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (task.running) return;
          const problem = acceptedFile(file, ['csv', 'json'], MSG.fileTypeCsvJson);
          setFileError(problem);
          if (!problem) void start(file!);
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
        {task.error && <Alert>{task.error}</Alert>}
        <Button type="submit" loading={task.running} disabled={task.running}>
          {task.running ? t('common.uploading') : t('common.upload')}
        </Button>
        {task.running && <UploadProgress task={task} />}
        {task.result && renderResult(task.result)}
      </form>
    </PageCard>
  );
}
