import Papa from 'papaparse';

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

/** Saves rows as a CSV file with the given columns, in that order. */
export function downloadCsv<T extends object>(filename: string, rows: T[], columns: (keyof T & string)[]) {
  save(
    filename,
    Papa.unparse({ fields: columns, data: rows.map((row) => columns.map((c) => row[c])) }),
    'text/csv',
  );
}

export function downloadJson(filename: string, data: unknown) {
  save(filename, JSON.stringify(data, null, 2), 'application/json');
}
