import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { ADMIN_LEVELS } from '@gebere/contract';
import { EXPORT_TABLES, type ExportTable, isExportTable } from '../backend/ops/exports';
import { EXPORT_ROWS_HEADER } from '../backend/ops/routes';
import { resolveArea } from './areas';
import { CliError, expectWords, parseArea, usageError } from './args';
import type { Command } from './command';
import { writeWhole } from './write-whole';

/** Counts CSV records as they pass (a CRLF outside quotes ends one), without holding them. */
function recordCounter() {
  let quoted = false;
  let records = 0;
  let prevCr = false;
  return {
    feed(chunk: Buffer) {
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (!quoted && byte === 0x0a && prevCr) records++;
        prevCr = byte === 0x0d;
      }
    },
    get records() {
      return records;
    },
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FORMATS = ['csv', 'xlsx'] as const;
type Format = (typeof FORMATS)[number];

export const exportCommand: Command = {
  name: 'export',
  args: `<${EXPORT_TABLES.join('|')}> [--region|--zone|--woreda|--kebele <id or code>] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--format csv|xlsx] [--out file]`,
  summary: 'Export farmers, groups, reach, adoption or feedback as CSV or XLSX (stdout or --out)',
  options: ['region', 'zone', 'woreda', 'kebele', 'from', 'to', 'out', 'format'],
  details: [
    'Tables:',
    '  farmers   farmers, with their development group, area and registering DA',
    '  groups    development groups, with their area and creating DA',
    "  reach     reach records (farmer, advisory, recording DA), with the farmer's area",
    '  adoption  adoption records, likewise',
    "  feedback  advisory feedback answers, with the answering DA and their kebele's area",
    'Filters: one area (--region, --zone, --woreda or --kebele with its id or code, e.g.',
    '--region ET03; `gebere areas` lists them), and --from / --to, inclusive days (Addis Ababa',
    "time) of the record's creation.",
    'CSV: UTF-8 with a byte order mark (Excel reads Amharic), comma-separated, CRLF lines, a header',
    'row. XLSX (--format xlsx, or an --out file ending in .xlsx): one sheet, numbers as numbers,',
    'times as dates, phones as text. Phones are written 09…; each time twice: Addis Ababa time',
    '(YYYY-MM-DD HH:MM:SS, a date in Excel) and ISO 8601 UTC (<column>_utc). A cell that a',
    "spreadsheet would run as a formula (=, +, -, @) starts with '. bot/src/backend/README.md",
    'lists the columns.',
    'Without --out the file goes to stdout: through npm, run `npm run --silent gebere -- export …`',
    '(npm prints its own lines first otherwise). With --out it goes to that file, written whole',
    "or not at all, readable by your account only (0600): it holds farmers' names and phones.",
    'The server streams it page by page, so a national table never sits in memory.',
    'Example: gebere export farmers --region ET03 --from 2026-01-01 --out farmers-amhara.xlsx',
  ],
  async run(words, ctx) {
    const { backend, options } = ctx;
    expectWords(words, ['table'], 'export');
    const table = (words[0] as string).toLowerCase();
    if (!isExportTable(table))
      throw usageError(`unknown table "${words[0]}": use one of ${EXPORT_TABLES.join(', ')}`, 'export');
    const query: Record<string, string> = {};
    const areas = ADMIN_LEVELS.filter((l) => options[l] !== undefined);
    if (areas.length > 1)
      throw usageError(`give one area, not ${areas.map((a) => `--${a}`).join(' and ')}`, 'export');
    for (const name of ['from', 'to'] as const) {
      const day = options[name];
      if (day === undefined) continue;
      if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
        throw usageError(`bad --${name} "${day}": give a date as YYYY-MM-DD`, 'export');
      query[name] = day;
    }
    if (query.from && query.to && query.from > query.to)
      throw usageError(`--to ${query.to} is before --from ${query.from}`, 'export');
    const out = options.out === undefined || options.out === '-' ? undefined : ctx.path(options.out);
    const format = formatOf(options.format, out);
    if (out === undefined && ctx.npmBanner && !(ctx.stdout as { isTTY?: boolean }).isTTY)
      throw usageError(
        'npm printed its own lines ("> gebere …") to stdout before this command ran, so the file would ' +
          'not open: run `npm run --silent gebere -- export …`, or give --out FILE',
        'export',
      );
    const level = areas[0];
    if (level) {
      const typed = options[level] as string;
      if (!/^\d{1,15}$/.test(typed) && !/^[A-Za-z]{2}\d{1,14}$/.test(typed))
        throw usageError(
          `bad --${level} "${typed}": give its id or its code, e.g. --${level} 3 (\`gebere areas\` lists them)`,
          'export',
        );
      const area = await resolveArea(parseArea(`${level}:${typed}`, 'export'), backend());
      query[level] = String(area.location_id);
    }
    await download(table, format, query, out, { out: ctx.out, backend: backend(), stdout: ctx.stdout });
  },
};

function formatOf(raw: string | undefined, file: string | undefined): Format {
  if (raw === undefined) return file?.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
  const format = raw.toLowerCase();
  if ((FORMATS as readonly string[]).includes(format)) return format as Format;
  throw usageError(`--format takes csv or xlsx, not "${raw}"`, 'export');
}

async function download(
  table: ExportTable,
  format: Format,
  query: Record<string, string>,
  file: string | undefined,
  ctx: {
    out: { out(l: string): void };
    backend: ReturnType<Parameters<Command['run']>[1]['backend']>;
    stdout: Writable;
  },
) {
  const response = await ctx.backend.download(`/ops/export/${table}.${format}`, query);
  if (!response.body) throw new CliError(`the server sent no ${format.toUpperCase()}`);
  const counter = recordCounter();
  const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
  if (format === 'csv') body.on('data', (chunk: Buffer) => counter.feed(chunk));
  if (file === undefined) {
    try {
      await pipeline(body, ctx.stdout, { end: false });
    } catch (err) {
      throw cut(err);
    }
    return;
  }
  try {
    await writeWhole(body, file);
  } catch (err) {
    throw (err as NodeJS.ErrnoException).syscall
      ? new CliError(`cannot write ${file}: ${(err as Error).message}`)
      : cut(err);
  }
  const rows =
    format === 'csv'
      ? Math.max(0, counter.records - 1)
      : Number(response.headers.get(EXPORT_ROWS_HEADER) ?? 0);
  ctx.out.out(`Wrote ${rows} ${rows === 1 ? 'row' : 'rows'} of ${table} to ${file}.`);
}

const cut = (err: unknown) =>
  new CliError(
    `the export stopped before its end (${err instanceof Error ? err.message : String(err)}): run it again`,
  );
