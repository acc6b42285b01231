/**
 * Cells a spreadsheet would run as a formula start with one of these (OWASP, "CSV Injection"): a
 * name like '=HYPERLINK(...)' in an export must open as text, not as a link or a command.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text with a leading apostrophe when it would otherwise be read as a formula. */
export function inertCsvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Quotes a cell when it holds a separator, a quote or a line break (RFC 4180). */
const quoted = (text: string) => (/[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Rows as CSV text: comma-separated, CRLF line ends, every cell inert and quoted as needed. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map((cell) => quoted(inertCsvCell(cell))).join(',')).join('\r\n');
}
