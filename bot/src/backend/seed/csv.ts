/**
 * A small RFC 4180 CSV reader and writer, shared by the admin-data importer (scripts/) and the
 * runtime loader (bot/). It lives in bot/ because scripts may import from bot/ but not the
 * reverse. Kept dependency-free: the files it reads are a few hundred kilobytes.
 */

export class CsvError extends Error {
  override name = 'CsvError';
}

/**
 * Parses CSV text into rows of fields. Quoted fields may hold commas, line breaks and doubled
 * quotes (`""`). Accepts LF and CRLF line ends; a final line end does not make an empty row;
 * a leading byte-order mark is ignored. A quote inside an unquoted field, or text after a
 * closing quote, is an error rather than a guess, so a broken file is noticed.
 */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let line = 1;
  const n = src.length;
  // Set when the current field started with a quote and that quote has been closed.
  let closedQuote = false;

  const endField = () => {
    row.push(field);
    field = '';
    closedQuote = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };

  while (i < n) {
    const c = src[i] as string;
    if (c === '"') {
      if (field !== '' || closedQuote) throw new CsvError(`line ${line}: quote inside an unquoted field`);
      i++;
      for (;;) {
        if (i >= n) throw new CsvError(`line ${line}: unterminated quoted field`);
        const q = src[i] as string;
        if (q === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      closedQuote = true;
      if (i < n && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r')
        throw new CsvError(`line ${line}: text after a closing quote`);
      continue;
    }
    if (c === ',') {
      endField();
      i++;
      continue;
    }
    if (c === '\r' && src[i + 1] === '\n') i++;
    if (c === '\n' || c === '\r') {
      endRow();
      line++;
      i++;
      continue;
    }
    field += c;
    i++;
  }
  // The last line has no line end: keep it unless the text was empty or ended with one.
  if (field !== '' || closedQuote || row.length > 0) endRow();
  return rows;
}

/**
 * Parses CSV with a header row into objects keyed by the header. Blank lines are skipped; every
 * other row must have as many fields as the header, and the header must contain `required`.
 */
export function parseCsvRecords<K extends string>(
  text: string,
  required: readonly K[],
): Array<Record<K, string> & Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new CsvError('empty file: no header row');
  const missing = required.filter((k) => !header.includes(k));
  if (missing.length > 0) throw new CsvError(`header lacks column(s): ${missing.join(', ')}`);
  const records: Array<Record<K, string> & Record<string, string>> = [];
  rows.forEach((fields, r) => {
    // A blank line is one empty field by the RFC; in a table it is noise, not a record.
    if (fields.length === 1 && fields[0] === '') return;
    if (fields.length !== header.length)
      throw new CsvError(`row ${r + 2}: ${fields.length} fields, header has ${header.length}`);
    const record: Record<string, string> = {};
    header.forEach((key, k) => {
      record[key] = fields[k] as string;
    });
    records.push(record as Record<K, string> & Record<string, string>);
  });
  return records;
}

/** Quotes a field only when it must: commas, quotes, line breaks or edge spaces. */
export function formatCsvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Writes rows as CSV with LF line ends and a final newline, so files diff cleanly. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  // A lone empty field is written `""` so the reader does not take it for a blank line.
  const line = (r: readonly string[]) =>
    r.length === 1 && r[0] === '' ? '""' : r.map(formatCsvField).join(',');
  return rows.map(line).join('\n') + (rows.length > 0 ? '\n' : '');
}
