import { stringify } from 'csv-stringify/sync';

/**
 * The cells of every file the product writes for a spreadsheet (the operator's CSV and XLSX
 * exports, the report CSV sent to the chat), and its CSV: RFC 4180 through csv-stringify, commas,
 * CRLF records, a field quoted (its quotes doubled) when it holds a comma, a quote, CR or LF. A
 * CSV starts with a UTF-8 byte order mark so Excel reads Amharic as UTF-8 rather than the
 * machine's code page.
 */
export const BOM = '\uFEFF';

/**
 * OWASP's rule against formula injection: a text a spreadsheet would run as a formula (it begins
 * with `=`, `+`, `-`, `@`, a tab or a CR; a name such as `=HYPERLINK(…)` beside a phone column)
 * gets a leading `'`, so Excel and LibreOffice show it as text. Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralise = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** One cell's text: null and undefined are empty, numbers as they are, any other text neutralised. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return neutralise(typeof value === 'string' ? value : String(value));
}

/** Records as CSV text, each cell through {@link cellText}. */
export const csvRecords = (rows: ReadonlyArray<readonly unknown[]>) =>
  rows.length === 0
    ? ''
    : stringify(
        rows.map((r) => r.map(cellText)),
        { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
      );

export const csvRecord = (values: readonly unknown[]) => csvRecords([values]);
