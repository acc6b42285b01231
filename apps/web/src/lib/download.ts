import Papa from 'papaparse';
import { inertCsvCell } from '@blaster/contract';

function save(filename: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
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
