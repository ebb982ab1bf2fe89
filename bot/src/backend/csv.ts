import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV module, RFC 4180 through csv-parse and csv-stringify: what reads the seed data
 * (bot/ at run time, scripts/data-import), the operator's files (`gebere import`) and, in tests,
 * what the product wrote; what writes the seed files; and the cells of every file the product
 * writes for a spreadsheet (the operator's CSV and XLSX exports, the report CSV sent to the chat).
 */
export { CsvError };

/**
 * CSV text as rows of fields: quoted fields may hold commas, line breaks and doubled quotes; LF
 * or CRLF; a final line end makes no empty row, a blank line is one empty field; a leading byte
 * order mark is skipped. A quote inside an unquoted field, text after a closing quote or an
 * unclosed quote is a {@link CsvError}, so a broken file is noticed rather than guessed at.
 */
export const parseCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true });

/**
 * CSV with a header row as objects keyed by it. Blank lines are skipped; every other row must have
 * as many fields as the header, and the header must hold `required`.
 */
export function parseCsvRecords<K extends string = never>(
  text: string,
  required: readonly K[] = [],
): Array<Record<K, string> & Record<string, string>> {
  let header: string[] | undefined;
  const records = parse(text, {
    bom: true,
    skip_empty_lines: true,
    columns: (names: string[]) => {
      const missing = required.filter((k) => !names.includes(k));
      if (missing.length > 0) throw new Error(`header lacks column(s): ${missing.join(', ')}`);
      header = names;
      return names;
    },
  });
  if (!header) throw new Error('empty file: no header row');
  return records as unknown as Array<Record<K, string> & Record<string, string>>;
}

// Edge spaces are quoted too, so that a reader that trims cannot change a name.
const EDGE_SPACE = /^\s|\s$/;

/** Rows as CSV with LF line ends and a final newline (the seed files: they diff cleanly). */
export const formatCsv = (rows: readonly (readonly string[])[]): string =>
  rows
    // csv-stringify writes a lone empty field as a blank line, which a reader skips: quote it.
    .map((r) => (r.length === 1 && r[0] === '' ? '""\n' : stringify([r], { quoted_match: EDGE_SPACE })))
    .join('');

/**
 * A spreadsheet's CSV: commas, CRLF records, a field quoted (its quotes doubled) when it holds a
 * comma, a quote, CR or LF. It starts with a UTF-8 byte order mark so Excel reads Amharic as UTF-8
 * rather than the machine's code page.
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

/** Records as a spreadsheet's CSV text (no BOM), each cell through {@link cellText}. */
export const csvRecords = (rows: ReadonlyArray<readonly unknown[]>) =>
  rows.length === 0
    ? ''
    : stringify(
        rows.map((r) => r.map(cellText)),
        { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
      );

export const csvRecord = (values: readonly unknown[]) => csvRecords([values]);
