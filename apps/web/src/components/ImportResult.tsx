import { useSyncExternalStore } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { API, SKIPPED_PREVIEW_ROWS } from '@blaster/contract';
import { messages, t, useMessages, type Messages } from '../i18n';
import { errorText } from '../lib/api';
import { downloadFromServer } from '../lib/download';
import { Button } from './form';
import { DownloadProgressBar, IDLE_DOWNLOAD, type DownloadTask } from './ServerExport';

/** The result's sentences: phone numbers' and proxies' each name what was imported. */
export interface ImportTexts {
  done(count: number): string;
  skippedTitle: string;
  skippedMore(count: number): string;
}
/** The sentences of a phone-number import, in the language shown. */
const numberTexts = (MSG: Messages): ImportTexts => ({
  done: MSG.importDone,
  skippedTitle: MSG.skippedTitle,
  skippedMore: MSG.skippedMore,
});
/** The sentences of a proxy import, in the language shown. */
export const proxyTexts = (MSG: Messages): ImportTexts => ({
  done: MSG.proxyImportDone,
  skippedTitle: MSG.proxySkippedTitle,
  skippedMore: MSG.proxySkippedMore,
});

/**
 * The download of skipped rows under way, kept outside the screen: it goes on, and shows, through a
 * language switch, which draws the result afresh.
 */
let skippedDownload: DownloadTask = IDLE_DOWNLOAD;
const skippedListeners = new Set<() => void>();
function setSkippedDownload(task: DownloadTask) {
  skippedDownload = task;
  for (const listener of skippedListeners) listener();
}
const useSkippedDownload = () =>
  useSyncExternalStore(
    (listener) => {
      skippedListeners.add(listener);
      return () => skippedListeners.delete(listener);
    },
    () => skippedDownload,
  );

/**
 * Saves every skipped row of an import: written here from the answer when it holds them all, else
 * fetched from the server, which kept the full list (its progress shown under the buttons).
 */
export function downloadSkipped(
  answer: { importId: number; skipped: unknown[]; skippedCount: number },
  format: 'csv' | 'json',
  filename: string,
  fromAnswer: () => void,
) {
  const MSG = messages();
  if (answer.skippedCount <= answer.skipped.length) return fromAnswer();
  if (skippedDownload.running) return;
  setSkippedDownload({ running: true, received: 0, total: null, rows: 0, rowsExpected: null });
  downloadFromServer(`${API.importSkipped(answer.importId)}?format=${format}`, filename, (progress) =>
    setSkippedDownload({ running: true, ...progress }),
  )
    .catch((error: unknown) => toast.error(errorText(error, MSG.internalServerError)))
    .finally(() => setSkippedDownload(IDLE_DOWNLOAD));
}

interface Props<T extends object> {
  /** The result's sentences in the language shown; phone numbers' by default. */
  texts?: (MSG: Messages) => ImportTexts;
  createdCount: number;
  /** The first skipped rows (the answer holds a few hundred at most). */
  skipped: T[];
  /** Every skipped row's count, when more than `skipped` holds. */
  skippedCount?: number;
  columns: { key: keyof T & string; label: string }[];
  onDownloadCsv(): void;
  onDownloadJson(): void;
}

/** After an import: how many were added, the first skipped rows, and downloads of every skipped row. */
export function ImportResult<T extends object>({
  texts: textsIn = numberTexts,
  createdCount,
  skipped,
  skippedCount = skipped.length,
  columns,
  onDownloadCsv,
  onDownloadJson,
}: Props<T>) {
  const texts = textsIn(useMessages());
  const download = useSkippedDownload();
  return (
    <div className="space-y-3" data-testid="import-result">
      <p className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200">
        {texts.done(createdCount)}
      </p>
      {skippedCount > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-gray-800 dark:text-white/90">{texts.skippedTitle}</h3>
          <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
            <table aria-label={texts.skippedTitle} className="min-w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs text-muted uppercase dark:bg-white/[0.02]">
                <tr>
                  {columns.map((column) => (
                    <th key={column.key} className="px-3 py-2 font-medium">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {skipped.slice(0, SKIPPED_PREVIEW_ROWS).map((row, i) => (
                  <tr key={i}>
                    {columns.map((column) => (
                      <td key={column.key} className="px-3 py-2">
                        {String(row[column.key] ?? '')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {skippedCount > SKIPPED_PREVIEW_ROWS && (
            <p className="text-xs text-muted">{texts.skippedMore(skippedCount)}</p>
          )}
          <div className="flex gap-2">
            <Button type="button" variant="outline" disabled={download.running} onClick={onDownloadCsv}>
              <Download className="size-4" aria-hidden="true" /> {t('common.downloadCsv')}
            </Button>
            <Button type="button" variant="outline" disabled={download.running} onClick={onDownloadJson}>
              <Download className="size-4" aria-hidden="true" /> {t('common.downloadJson')}
            </Button>
          </div>
          {download.running && <DownloadProgressBar progress={download} />}
        </div>
      )}
    </div>
  );
}
