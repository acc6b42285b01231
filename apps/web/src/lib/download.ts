import Papa from 'papaparse';
import { EXPORT_ROWS_HEADER, inertCsvCell } from '@blaster/contract';
import { messages } from '../i18n';
import { ApiError } from './api';
import { getStoredUser } from './session';

function save(filename: string, content: string | Blob, type: string) {
  const url = URL.createObjectURL(content instanceof Blob ? content : new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Rows as CSV text with the given columns, in that order; no cell opens as a spreadsheet formula. */
export function csvText<T extends object>(rows: T[], columns: (keyof T & string)[]) {
  return Papa.unparse({
    fields: columns.map(inertCsvCell),
    data: rows.map((row) => columns.map((column) => inertCsvCell(row[column]))),
  });
}

/** Saves rows as a CSV file with the given columns, in that order. */
export function downloadCsv<T extends object>(filename: string, rows: T[], columns: (keyof T & string)[]) {
  save(filename, csvText(rows, columns), 'text/csv');
}

export function downloadJson(filename: string, data: unknown) {
  save(filename, JSON.stringify(data, null, 2), 'application/json');
}

/** How much of a server's file arrived: bytes (of the size, when known) and rows (of those expected). */
export interface DownloadProgress {
  received: number;
  total: number | null;
  rows: number;
  rowsExpected: number | null;
}

/** How each row of a server's file begins: a CSV's line, an indented JSON array's object. */
const rowStart = (contentType: string) =>
  contentType.includes('json') ? new TextEncoder().encode('\n  {') : new TextEncoder().encode('\n');

/** Counts the rows of a file that arrives in chunks, a marker possibly split across two of them. */
function rowCounter(marker: Uint8Array) {
  let matched = 0;
  let rows = 0;
  return (chunk: Uint8Array) => {
    for (const byte of chunk) {
      if (byte === marker[matched]) matched += 1;
      else matched = byte === marker[0] ? 1 : 0;
      if (matched === marker.length) {
        rows += 1;
        matched = 0;
      }
    }
    return rows;
  };
}

const headerNumber = (response: Response, name: string) => {
  const value = response.headers.get(name);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
};

/**
 * Saves a file the server writes (with the signed-in user's token), e.g. every skipped row of an
 * import, telling `onProgress` what arrived as it comes: bytes against Content-Length when the server
 * sent one (and the body is not compressed, when the count would be of other bytes), rows against
 * EXPORT_ROWS_HEADER when the server writes the file while it reads.
 */
export async function downloadFromServer(
  path: string,
  filename: string,
  onProgress?: (progress: DownloadProgress) => void,
) {
  const MSG = messages();
  // The session travels in its HttpOnly cookie; the readable user cookie tells that there is one.
  if (!getStoredUser()) throw new ApiError(MSG.tokenMissing, 0);
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new ApiError(answer?.msg ?? MSG.internalServerError, response.status);
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return save(filename, await response.blob(), type);
  const total = response.headers.get('content-encoding') ? null : headerNumber(response, 'content-length');
  const rowsExpected = headerNumber(response, EXPORT_ROWS_HEADER);
  const countRows = rowCounter(rowStart(type));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  let rows = 0;
  onProgress?.({ received, total, rows, rowsExpected });
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    received += next.value.byteLength;
    rows = countRows(next.value);
    onProgress?.({ received, total, rows, rowsExpected });
  }
  save(filename, new Blob(chunks, { type }), type);
}
