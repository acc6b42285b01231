import { toast } from 'sonner';
import { formatBytes, formatNumber, formatPercent, t } from '../i18n';
import { useStateAcrossLanguages } from '../i18n/kept-state';
import { errorText } from '../lib/api';
import { downloadFromServer, type DownloadProgress } from '../lib/download';
import { Button } from './form';
import { ProgressBar } from './ProgressBar';

type Format = 'csv' | 'json';
/** A download under way (what arrived so far), or none. */
export type DownloadTask = (DownloadProgress & { running: true }) | { running: false };
export const IDLE_DOWNLOAD: DownloadTask = { running: false };

/** The figure of a download: rows of those expected, else bytes of the size, else bytes so far. */
export function DownloadProgressBar({ progress }: { progress: DownloadProgress }) {
  const { received, total, rows, rowsExpected } = progress;
  const [value, max, text] =
    rowsExpected !== null
      ? [
          rows,
          rowsExpected,
          t('common.downloadRows', { rows: formatNumber(rows), total: formatNumber(rowsExpected) }),
        ]
      : total !== null
        ? [
            received,
            total,
            t('common.downloadProgress', {
              percent: formatPercent(total ? received / total : 0),
              received: formatBytes(received),
              total: formatBytes(total),
            }),
          ]
        : [null, 0, t('common.downloadBytes', { received: formatBytes(received) })];
  return <ProgressBar label={t('common.progressLabel')} value={value} max={max} text={text} />;
}

/**
 * A list's 'Export CSV' / 'Export JSON' buttons for a file the server writes: the download's progress
 * shows under them, they stay disabled until it is saved, and both survive a language switch (the
 * download goes on meanwhile). A failure is a toast with the server's msg, as before.
 */
export function ServerExportButtons({
  id,
  formats,
  file,
}: {
  /** The list's name, keeping its download apart from other lists'. */
  id: string;
  formats: readonly Format[];
  file(format: Format): { path: string; name: string };
}) {
  const [task, setTask] = useStateAcrossLanguages<DownloadTask>(`download:${id}`, IDLE_DOWNLOAD);
  const start = async (format: Format) => {
    const { path, name } = file(format);
    setTask({ running: true, received: 0, total: null, rows: 0, rowsExpected: null });
    try {
      await downloadFromServer(path, name, (progress) => setTask({ running: true, ...progress }));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setTask(IDLE_DOWNLOAD);
    }
  };
  return (
    <>
      {formats.map((format) => (
        <Button
          key={format}
          type="button"
          variant="outline"
          className="py-2.5"
          disabled={task.running}
          onClick={() => void start(format)}
        >
          {format === 'csv' ? t('common.exportCsv') : t('common.exportJson')}
        </Button>
      ))}
      {task.running && (
        <div className="min-w-0 basis-full" data-testid="export-progress">
          <DownloadProgressBar progress={task} />
        </div>
      )}
    </>
  );
}
