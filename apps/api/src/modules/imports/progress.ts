import { IMPORT_PROGRESS_INTERVAL_MS, type ImportProgress } from '@blaster/contract';

/** What the pipeline tells of an import as it goes; the reporter decides when the uploader hears it. */
export interface ImportProgressReporter {
  /** Rows and bytes of the file read so far. */
  read(rowsRead: number, bytesRead: number): void;
  /** Rows up to this row number are in the database (staged or copied). */
  written(upToRowNo: number): void;
  /** The whole file is read: told at once, whatever the time since the last report. */
  fileRead(rowsRead: number, bytesRead: number): void;
  /** The file is read again from its start (another writer raced the copy). */
  restart(): void;
}

export const NO_PROGRESS: ImportProgressReporter = {
  read() {},
  written() {},
  fileRead() {},
  restart() {},
};

/**
 * Reports an import's progress through `publish` at most every IMPORT_PROGRESS_INTERVAL_MS (the first
 * at once), and once more when the file is read, so the uploader sees the final row count before the
 * saving ends; the panel shows the row count because it is unknown until the file's end.
 */
export function importProgressReporter(
  publish: (progress: ImportProgress) => void,
  upload: { uploadId: string; uploadBytes: number | null },
  now: () => number = Date.now,
): ImportProgressReporter {
  let rowsRead = 0;
  let rowsWritten = 0;
  let bytesRead = 0;
  let fileDone = false;
  let lastTold = -Infinity;
  const tell = () => {
    lastTold = now();
    publish({
      ...upload,
      rowsRead,
      rowsWritten,
      bytesRead,
      read: fileDone,
      date: new Date(lastTold).toISOString(),
    });
  };
  const tellWhenDue = () => {
    if (now() - lastTold >= IMPORT_PROGRESS_INTERVAL_MS) tell();
  };
  return {
    read(rows, bytes) {
      rowsRead = rows;
      bytesRead = bytes;
      tellWhenDue();
    },
    written(upTo) {
      rowsWritten = Math.max(rowsWritten, upTo);
      tellWhenDue();
    },
    fileRead(rows, bytes) {
      rowsRead = rows;
      bytesRead = bytes;
      fileDone = true;
      tell();
    },
    restart() {
      rowsRead = 0;
      rowsWritten = 0;
      bytesRead = 0;
      fileDone = false;
    },
  };
}
