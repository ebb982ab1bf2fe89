import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { IMPORT_MAX_BYTES } from '@gebere/contract';
import { CsvError, parseCsv } from '../backend/csv';
import { CliError, usageError } from './args';
import { mb } from './output';
import { readXlsx } from './xlsx-read';

/** A file's data rows as text cells by column, in order (a blank row is `{}`; the header is row 1). */
export interface ImportTable {
  header: string[];
  rows: Array<Record<string, string>>;
}

/** What `--encoding` takes: the file is read as UTF-8 unless told it is Windows-1252. */
export type Encoding = 'utf-8' | 'windows-1252';
export function parseEncoding(raw: string | undefined): Encoding | undefined {
  if (raw === undefined) return undefined;
  const name = raw.trim().toLowerCase();
  if (name === 'utf-8' || name === 'utf8') return 'utf-8';
  if (name === 'windows-1252' || name === 'cp1252') return 'windows-1252';
  throw usageError(`--encoding takes utf-8 or windows-1252, not "${raw}"`, 'import');
}

export interface ReadOptions {
  encoding?: Encoding | undefined;
  /** The XLSX sheet to read; a workbook of several sheets needs it. */
  sheet?: string | undefined;
}

const SAVE_AS_UTF8 =
  'in Excel, save it with File > Save As > "CSV UTF-8 (Comma delimited) (*.csv)" and import that file';

/**
 * Reads a .csv (RFC 4180, UTF-8 with or without a byte order mark, or Windows-1252 when told) or
 * .xlsx file (its one sheet, or `sheet`). Cells become text as an operator sees them: numbers as
 * written, dates as ISO dates, empty cells as ''. Blank rows are kept as `{}` (the server skips
 * them), so every row number is the one the operator's editor shows. `path` is absolute.
 */
export async function readImportFile(path: string, options: ReadOptions = {}): Promise<ImportTable> {
  const ext = extname(path).toLowerCase();
  if (ext !== '.csv' && ext !== '.xlsx')
    throw new CliError(`cannot read "${path}": give a .csv or .xlsx file`, 2);
  if (ext === '.csv' && options.sheet !== undefined)
    throw usageError('--sheet is for .xlsx workbooks: a .csv file has one table', 'import');
  if (ext === '.xlsx' && options.encoding !== undefined)
    throw usageError('--encoding is for .csv files: an .xlsx workbook says its own', 'import');
  let grid: string[][];
  try {
    const size = (await stat(path)).size;
    if (ext === '.csv' && size > IMPORT_MAX_BYTES)
      throw new CliError(`${path} is ${mb(size)}: an import takes at most ${mb(IMPORT_MAX_BYTES)}; split it`);
    grid =
      ext === '.csv'
        ? readCsv(await readFile(path), path, options.encoding)
        : await readXlsx(path, options.sheet);
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`no file ${path}`, 2);
    throw new CliError(`cannot read ${path}: ${(err as Error).message}`);
  }
  const [head, ...data] = grid;
  const header = (head ?? []).map((h) => h.trim());
  while (data.length > 0 && (data[data.length - 1] as string[]).every((c) => c.trim() === '')) data.pop();
  const rows = data.map((cells) => {
    if (cells.every((c) => c.trim() === '')) return {};
    const byColumn: Record<string, string> = {};
    header.forEach((name, c) => {
      if (name !== '') byColumn[name] = cells[c] ?? '';
    });
    // A cell beyond the header's columns would be lost silently: name it instead.
    cells.forEach((value, c) => {
      if (c >= header.length && value.trim() !== '') byColumn[`column ${c + 1}`] = value;
    });
    return byColumn;
  });
  return { header, rows };
}

/** The text of a CSV file's bytes: UTF-8 (a BOM is fine) or, when told, Windows-1252; nothing else. */
export function decodeCsv(bytes: Uint8Array, path: string, encoding: Encoding | undefined): string {
  const bom = (...b: number[]) => b.every((x, i) => bytes[i] === x);
  if (bom(0xff, 0xfe) || bom(0xfe, 0xff))
    throw new CliError(`${path} is UTF-16 text (Excel's "Unicode Text"), not CSV: ${SAVE_AS_UTF8}`);
  if (encoding === 'windows-1252') {
    if (bom(0xef, 0xbb, 0xbf))
      throw new CliError(`${path} is UTF-8 (it starts with UTF-8's byte order mark): leave out --encoding`);
    return windows1252(bytes);
  }
  const body = bom(0xef, 0xbb, 0xbf) ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    const lossy = new TextDecoder('utf-8').decode(body);
    const line = lossy.slice(0, lossy.indexOf('\uFFFD')).split('\n').length;
    throw new CliError(
      `${path} is not UTF-8 text (line ${line} has bytes UTF-8 does not allow): ${SAVE_AS_UTF8}. ` +
        'A file saved as plain "CSV" on a Western-language Windows is Windows-1252: import it as it ' +
        'is with --encoding windows-1252 (Amharic letters do not survive that format: Excel wrote them as "?")',
    );
  }
}

/**
 * Windows-1252 is ISO-8859-1 but for 0x80–0x9F, where it has ’ “ ” – — € and the like. Node's
 * own TextDecoder('windows-1252') decodes those bytes as ISO-8859-1's control characters (Node
 * 20.20 does: `Tsega’ab` would come out with U+0092), so they are mapped here, as WHATWG's
 * index-windows-1252 has them (the five bytes it leaves undefined stay as they are).
 */
const CP1252_80_9F =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const windows1252 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) => CP1252_80_9F.charAt(c.charCodeAt(0) - 0x80));

function readCsv(bytes: Uint8Array, path: string, encoding: Encoding | undefined): string[][] {
  const text = decodeCsv(bytes, path, encoding);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.includes(';') && !firstLine.includes(','))
    throw new CliError(
      `${path} is separated by semicolons (Excel's list separator in some regions): ${SAVE_AS_UTF8}, or replace the separator with commas`,
    );
  try {
    // Records, not lines: a quoted cell may hold line breaks, and the editor shows it as one row.
    return parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new CliError(`${path} is not valid CSV: ${err.message}`);
    throw err;
  }
}
