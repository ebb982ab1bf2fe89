/**
 * CSV as RFC 4180 has it: fields separated by commas, records by CRLF, a field quoted (with its
 * quotes doubled) when it holds a comma, a quote, CR or LF. The file starts with a UTF-8 byte
 * order mark so Excel reads Amharic as UTF-8 rather than the machine's code page. seed/csv.ts
 * `parseCsv` reads it back.
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
