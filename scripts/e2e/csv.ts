// CSV files the product writes (exports, the report's rows), read back as records.
import { parseCsv as readCsv } from '../../bot/src/backend/seed/csv';

/** A CSV file's records by header, read with the importer's own reader (BOM, CRLF, quotes). */
export function parseCsv(text: string): Record<string, string>[] {
  const [header = [], ...records] = readCsv(text);
  return records.map((r) => Object.fromEntries(header.map((h, n) => [h, r[n] ?? ''])));
}
