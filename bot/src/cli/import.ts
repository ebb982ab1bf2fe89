import type { ApiError } from '@gebere/api-client';
import {
  IMPORT_BATCH_ROWS,
  IMPORT_KIND_NAMES,
  IMPORT_KINDS,
  type ImportKind,
  type ImportResult,
} from '@gebere/contract';
import { CliError, expectWords, usageError } from './args';
import type { Backend } from './backend-client';
import type { Command } from './command';
import { type ImportTable, readImportFile } from './import-file';

const SAMPLES = 'bot/src/backend/seed/samples/';

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
  args: '<kind> <file.csv|file.xlsx> [--dry-run] [--lang en|am|om]',
  summary: 'Load content, the DA roster or admin areas from a CSV or XLSX file',
  options: ['dry-run', 'lang'],
  details: [
    'The first row names the columns (any order); each further row is one record, matched by',
    'its code (roles by name, the roster by phone): new ones are created, changed ones updated,',
    'and importing the same file again changes nothing. If any row is wrong, nothing is written',
    'and every wrong row is listed by its row number; --dry-run checks and counts only.',
    '--lang am (om): the server explains wrong rows in Amharic (Afaan Oromo).',
    `Sample files with the demo content, and their columns explained: ${SAMPLES}`,
    `Example: gebere import value-chains ${SAMPLES}value-chains.csv --dry-run`,
    '',
    ...kindLines(),
  ],
  async run(words, { out, backend, flags }) {
    const dryRun = flags.has('dry-run');
    expectWords(words, ['kind', 'file'], 'import');
    const [rawKind, path] = words as [string, string];
    const kind = rawKind.toLowerCase().replace(/_/g, '-') as ImportKind;
    if (!IMPORT_KIND_NAMES.includes(kind))
      throw usageError(`unknown kind "${rawKind}": use one of ${IMPORT_KIND_NAMES.join(', ')}`, 'import');
    const table = await readImportFile(path);
    checkFile(kind, table, path);
    const b = backend();

    // First every batch as a dry run, so a bad row anywhere stops the import before any write.
    const check = await sendAll(b, kind, table, true);
    if (check.errors.length > 0) {
      for (const line of check.errors) out.err(line);
      const n = new Set(check.errors.map((e) => e.split(',')[0])).size;
      throw new CliError(`${n} ${n === 1 ? 'row is' : 'rows are'} wrong in ${path}: nothing was imported`);
    }
    if (dryRun) {
      out.out(`Dry run of ${kind} from ${path}: ${table.rows.length} rows, all valid; nothing was written.`);
      out.out(
        `It would create ${check.created}, update ${check.updated}, leave ${check.unchanged} unchanged.`,
      );
      return;
    }
    const done = await sendAll(b, kind, table, false);
    if (done.errors.length > 0) {
      // Only if the data changed between the check and the write (another import at once).
      for (const line of done.errors) out.err(line);
      throw new CliError(`some rows were refused while importing ${path}; run the import again`);
    }
    out.out(`Imported ${kind} from ${path}: ${table.rows.length} rows.`);
    out.out(`Created ${done.created}, updated ${done.updated}, unchanged ${done.unchanged}.`);
  },
};

/** The header against the kind's columns, and no record twice: before anything is sent. */
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
  if (table.rows.length === 0) throw new CliError(`${path} has no rows below its header: nothing to import`);
  const seen = new Map<string, number>();
  const dup: string[] = [];
  for (const { n, cells } of table.rows) {
    const key = JSON.stringify(def.key.map((k) => (cells[k] ?? '').trim()));
    const first = seen.get(key);
    if (first === undefined) seen.set(key, n);
    else dup.push(`row ${n}, ${def.key.join(' + ')}: the same as row ${first}`);
  }
  if (dup.length) throw new CliError(`${path}: each record may appear once\n${dup.join('\n')}`);
}

interface Totals {
  created: number;
  updated: number;
  unchanged: number;
  /** `row 3, name: Required`, in row order. */
  errors: string[];
}

async function sendAll(b: Backend, kind: ImportKind, table: ImportTable, dryRun: boolean): Promise<Totals> {
  const totals: Totals = { created: 0, updated: 0, unchanged: 0, errors: [] };
  const errors: Array<[number, string]> = [];
  for (const batch of batches(table.rows)) {
    for (const run of consecutive(batch)) {
      const first = run[0]?.n ?? 2;
      let refused: ApiError | undefined;
      try {
        const { data } = await b.call(
          'importRows',
          { params: { kind }, body: { rows: run.map((r) => r.cells), first_row: first, dry_run: dryRun } },
          (e) => {
            if (e.status !== 400 || !Object.keys(e.fieldErrors).some((k) => k.startsWith('row ')))
              return undefined;
            refused = e;
            return 'refused';
          },
        );
        add(totals, data);
      } catch (err) {
        if (!refused) throw err;
        for (const [field, message] of Object.entries(refused.fieldErrors)) {
          const [row = '', column] = field.split('.');
          errors.push([Number(row.slice(4)), `${row}${column ? `, ${column}` : ''}: ${message}`]);
        }
      }
    }
  }
  totals.errors = errors.sort((a, z) => a[0] - z[0]).map(([, line]) => line);
  return totals;
}

function add(t: Totals, r: ImportResult): void {
  t.created += r.created;
  t.updated += r.updated;
  t.unchanged += r.unchanged;
}

/** Most JSON bytes of one batch: well under the server's 256 KB body limit. */
const BATCH_BYTES = 192 * 1024;

/** The rows in batches of at most IMPORT_BATCH_ROWS rows and BATCH_BYTES (long advisory texts). */
function batches<T extends { cells: Record<string, string> }>(rows: T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = Buffer.byteLength(JSON.stringify(row.cells));
    if (current.length > 0 && (current.length >= IMPORT_BATCH_ROWS || bytes + size > BATCH_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

function consecutive<T extends { n: number }>(rows: T[]): T[][] {
  const runs: T[][] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    const prev = last?.[last.length - 1];
    if (last && prev && prev.n + 1 === row.n) last.push(row);
    else runs.push([row]);
  }
  return runs;
}
