import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CsvError, parseCsv } from '../backend/seed/csv';
import { CliError } from './args';

/** A file's data rows as text cells by column, each with its row number (the header is row 1). */
export interface ImportTable {
  header: string[];
  rows: Array<{ n: number; cells: Record<string, string> }>;
}

/**
 * Reads a .csv (RFC 4180, UTF-8) or .xlsx (its first sheet) file. Cells become text as an
 * operator sees them: numbers as written, dates as ISO dates, empty cells as ''. Blank rows are
 * skipped but keep their numbers, so every row number is the one the operator's editor shows.
 */
export async function readImportFile(path: string): Promise<ImportTable> {
  const ext = extname(path).toLowerCase();
  if (ext !== '.csv' && ext !== '.xlsx')
    throw new CliError(`cannot read "${path}": give a .csv or .xlsx file`, 2);
  let grid: string[][];
  try {
    grid = ext === '.csv' ? parseCsv(await readFile(path, 'utf8')) : await readXlsx(path);
  } catch (err) {
    if (err instanceof CsvError) throw new CliError(`${path} is not valid CSV: ${err.message}`);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`no file "${path}"`, 2);
    if (code) throw new CliError(`cannot read "${path}": ${(err as Error).message}`);
    throw new CliError(`${path} is not a readable .xlsx workbook: ${(err as Error).message}`);
  }
  const [head, ...data] = grid;
  const header = (head ?? []).map((h) => h.trim());
  const rows: ImportTable['rows'] = [];
  data.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    const byColumn: Record<string, string> = {};
    header.forEach((name, c) => {
      if (name !== '') byColumn[name] = cells[c] ?? '';
    });
    // A cell beyond the header's columns would be lost silently: name it instead.
    cells.forEach((value, c) => {
      if (c >= header.length && value.trim() !== '') byColumn[`column ${c + 1}`] = value;
    });
    rows.push({ n: i + 2, cells: byColumn });
  });
  return { header, rows };
}

async function readXlsx(path: string): Promise<string[][]> {
  const { readSheet } = await import('read-excel-file/node');
  // trim: false keeps paragraphs and spacing as typed; the server trims what it must.
  const data = await readSheet(path, { trim: false });
  return data.map((row) => row.map(cellText));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}
