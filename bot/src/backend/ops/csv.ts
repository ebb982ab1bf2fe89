/**
 * CSV as RFC 4180 has it: fields separated by commas, records by CRLF, a field quoted (with its
 * quotes doubled) when it holds a comma, a quote, CR or LF. The file starts with a UTF-8 byte
 * order mark so Excel reads Amharic as UTF-8 rather than the machine's code page.
 */
export const BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null and undefined are empty; everything else its text, exactly. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRecord = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/** Parses CSV written by {@link csvRecord} (tests and the CLI's checks), BOM included or not. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.startsWith(BOM) ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
