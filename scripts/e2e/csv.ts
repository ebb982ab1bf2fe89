// CSV files the product writes (exports, the report's rows), read back as records by csv-parse,
// as a spreadsheet or a script of the operator's would read them.
import { parse } from 'csv-parse/sync';

/** A CSV file's records by header (a leading BOM is skipped). */
export function parseCsv(text: string): Record<string, string>[] {
  return parse(text, { bom: true, columns: true, relax_column_count: false });
}
