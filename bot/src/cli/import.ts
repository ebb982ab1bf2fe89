import type { ApiError } from '@gebere/api-client';
import {
  IMPORT_KIND_NAMES,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportKind,
  NON_FIELD_ERRORS,
} from '@gebere/contract';
import { CliError, expectWords, usageError } from './args';
import type { Command } from './command';
import { type ImportTable, parseEncoding, readImportFile } from './import-file';
import { mb } from './output';

const SAMPLES = 'bot/src/backend/seed/samples/';

/** A whole file is one call: validated whole, written in one transaction on the server. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

function kindLines(): string[] {
  const lines = ['Kinds and their columns (* required), in the order to import them:'];
  for (const kind of IMPORT_KIND_NAMES) {
    const def = IMPORT_KINDS[kind];
    lines.push(`  ${kind}: ${def.summary}`);
    const width = Math.max(...def.columns.map((c) => c.name.length + 1));
    for (const c of def.columns)
      lines.push(`    ${`${c.name}${c.required ? '*' : ''}`.padEnd(width)}  ${c.help}`);
  }
  return lines;
}

export const importCommand: Command = {
  name: 'import',
  args: '<kind> <file.csv|file.xlsx> [--dry-run] [--sheet NAME] [--encoding windows-1252] [--lang en|am|om]',
  summary: 'Load content, the DA roster or admin areas from a CSV or XLSX file',
  options: ['dry-run', 'lang', 'sheet', 'encoding'],
  details: [
    'The first row names the columns (any order); each further row is one record, matched by',
    'its code (roles by name, the roster by phone): new ones are created, changed ones updated,',
    'and importing the same file again changes nothing. The whole file is checked first, then',
    'written in one transaction: if any row is wrong, or the server or its database stops',
    'part-way, nothing is written. Every wrong cell is listed by its row number (the first 50,',
    'then how many more); --dry-run checks and counts only.',
    'CSV: UTF-8 (Excel: Save As "CSV UTF-8"); --encoding windows-1252 reads a plain Excel "CSV"',
    'saved on a Western-language Windows. XLSX: a workbook of several sheets needs --sheet NAME.',
    'A relative path is taken from the directory you ran the command in.',
    '--lang am (om): the server explains wrong rows in Amharic (Afaan Oromo).',
    `Sample files with the demo content, and their columns explained: ${SAMPLES}`,
    `Example: gebere import value-chains ${SAMPLES}value-chains.csv --dry-run`,
    '',
    ...kindLines(),
  ],
  async run(words, { out, backend, flags, options, path: absolute }) {
    const dryRun = flags.has('dry-run');
    expectWords(words, ['kind', 'file'], 'import');
    const [rawKind, typed] = words as [string, string];
    const kind = rawKind.toLowerCase().replace(/_/g, '-') as ImportKind;
    if (!IMPORT_KIND_NAMES.includes(kind))
      throw usageError(`unknown kind "${rawKind}": use one of ${IMPORT_KIND_NAMES.join(', ')}`, 'import');
    const path = absolute(typed);
    const encoding = parseEncoding(options.encoding);
    const table = await readImportFile(path, { encoding, sheet: options.sheet });
    checkFile(kind, table, path);
    const records = table.rows.filter((r) => Object.keys(r).length > 0).length;
    const body = { rows: table.rows, first_row: 2, dry_run: dryRun };
    const bytes = Buffer.byteLength(JSON.stringify(body));
    if (bytes > IMPORT_MAX_BYTES)
      throw new CliError(
        `${path} is too large for one import (${mb(bytes)} of data, at most ${mb(IMPORT_MAX_BYTES)}): split it`,
      );

    let refused: ApiError | undefined;
    const { data } = await backend()
      .call(
        'importRows',
        { params: { kind }, body },
        (e) => {
          if (e.status === 400 && Object.keys(e.fieldErrors).some((k) => k.startsWith('row '))) {
            refused = e;
            return 'refused';
          }
          return interrupted(e, path, records, dryRun);
        },
        IMPORT_TIMEOUT_MS,
      )
      .catch((err) => {
        if (!refused) throw err;
        throw wrongRows(refused, path, out);
      });
    if (dryRun) {
      out.out(`Dry run of ${kind} from ${path}: ${records} rows, all valid; nothing was written.`);
      out.out(`It would create ${data.created}, update ${data.updated}, leave ${data.unchanged} unchanged.`);
      return;
    }
    out.out(`Imported ${kind} from ${path}: ${records} rows, in one transaction.`);
    out.out(`Created ${data.created}, updated ${data.updated}, unchanged ${data.unchanged}.`);
  },
};

/** Each wrong cell on its own line, in row order, then what the command did (nothing). */
function wrongRows(e: ApiError, path: string, out: { err(line: string): void }): CliError {
  const rows = new Set<string>();
  for (const [field, message] of Object.entries(e.fieldErrors)) {
    if (field === NON_FIELD_ERRORS) continue;
    const [row = '', column] = field.split('.');
    rows.add(row);
    out.err(`${row}${column ? `, ${column}` : ''}: ${message}`);
  }
  const more = e.fieldErrors[NON_FIELD_ERRORS];
  if (more) out.err(more);
  const n = rows.size;
  return new CliError(
    `${more ? `more than ${n}` : n} ${n === 1 && !more ? 'row is' : 'rows are'} wrong in ${path}: nothing was imported`,
  );
}

/**
 * The import stopped before its answer: say what the database holds. The server answered (5xx):
 * its transaction rolled back, nothing was written. No answer: it may have committed just before
 * the connection went; either way running it again completes it and changes nothing twice.
 */
function interrupted(e: ApiError, path: string, rows: number, dryRun: boolean): string | undefined {
  const again = 'Run the same command again once the server is ready';
  if (dryRun && (e.kind !== 'http' || (e.status ?? 0) >= 500))
    return `the dry run of ${path} did not finish (${e.status ?? e.message}); nothing was written. ${again}.`;
  if (e.kind === 'http' && (e.status ?? 0) >= 500)
    return (
      `the import of ${path} did not complete: the server answered ${e.status} (${e.detail ?? e.message}). ` +
      `It runs in one transaction, so none of its ${rows} rows were written. ${again}.`
    );
  if (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'aborted')
    return (
      `the server gave no answer to the import of ${path} (${e.message}). It runs in one transaction, so ` +
      `either all ${rows} rows were written or none. ${again}: rows already imported are left unchanged, ` +
      'and it says how many it created.'
    );
  return undefined;
}

/** The header against the kind's columns, and the file's size: before anything is sent. */
function checkFile(kind: ImportKind, table: ImportTable, path: string): void {
  const def = IMPORT_KINDS[kind];
  const known: readonly string[] = def.columns.map((c) => c.name);
  const problems: string[] = [];
  const unknown = table.header.filter((h) => h !== '' && !known.includes(h));
  const missing = def.columns.filter((c) => c.required && !table.header.includes(c.name)).map((c) => c.name);
  if (unknown.length) problems.push(`unknown column(s) ${unknown.join(', ')}`);
  if (missing.length) problems.push(`missing column(s) ${missing.join(', ')}`);
  if (problems.length)
    throw new CliError(
      `${path}, row 1: ${problems.join('; ')}. The ${kind} columns are: ${known.join(', ')} (gebere import --help)`,
    );
  if (table.rows.every((r) => Object.keys(r).length === 0))
    throw new CliError(`${path} has no rows below its header: nothing to import`);
  if (table.rows.length > IMPORT_MAX_ROWS)
    throw new CliError(
      `${path} has ${table.rows.length.toLocaleString('en')} rows: an import takes at most ` +
        `${IMPORT_MAX_ROWS.toLocaleString('en')}; split it`,
    );
}
