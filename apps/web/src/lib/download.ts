import Papa from 'papaparse';
import { inertCsvCell } from '@blaster/contract';
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

/** Saves a file the server writes (with the signed-in user's token), e.g. every skipped row of an import. */
export async function downloadFromServer(path: string, filename: string) {
  const MSG = messages();
  // The session travels in its HttpOnly cookie; the readable user cookie tells that there is one.
  if (!getStoredUser()) throw new ApiError(MSG.tokenMissing, 0);
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new ApiError(answer?.msg ?? MSG.internalServerError, response.status);
  }
  save(filename, await response.blob(), response.headers.get('content-type') ?? 'application/octet-stream');
}
