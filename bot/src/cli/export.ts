import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { ADMIN_LEVELS } from '@gebere/contract';
import { EXPORT_TABLES, type ExportTable, isExportTable } from '../backend/ops/exports';
import { CliError, expectWords, usageError } from './args';
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

export const exportCommand: Command = {
  name: 'export',
  args: `<${EXPORT_TABLES.join('|')}> [--region|--zone|--woreda|--kebele <id>] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--out file.csv]`,
  summary: 'Export farmers, groups, reach, adoption or feedback as CSV (stdout or --out)',
  options: ['region', 'zone', 'woreda', 'kebele', 'from', 'to', 'out'],
  details: [
    'Tables:',
    '  farmers   farmers, with their development group and area',
    '  groups    development groups, with their area',
    "  reach     reach records (farmer, advisory, recording DA), with the farmer's area",
    '  adoption  adoption records, likewise',
    "  feedback  advisory feedback answers, with the area of the answering DA's kebele",
    'Filters: one area (--region, --zone, --woreda or --kebele with its id; `gebere areas` lists',
    "them), and --from / --to, inclusive UTC days on the record's created_at.",
    'The CSV is UTF-8 with a byte order mark (Excel reads Amharic), comma-separated, CRLF lines,',
    'a header row first; times are ISO 8601 UTC. bot/src/backend/README.md lists the columns.',
    'Without --out the CSV goes to stdout; with it, to that file (written whole or not at all).',
    'The server streams it page by page, so a national table never sits in memory.',
    'Example: gebere export farmers --region 3 --from 2026-01-01 --out farmers-region3.csv',
  ],
  async run(words, { out, backend, stdout, options }) {
    expectWords(words, ['table'], 'export');
    const table = (words[0] as string).toLowerCase();
    if (!isExportTable(table))
      throw usageError(`unknown table "${words[0]}": use one of ${EXPORT_TABLES.join(', ')}`, 'export');
    const query: Record<string, string> = {};
    const areas = ADMIN_LEVELS.filter((l) => options[l] !== undefined);
    if (areas.length > 1)
      throw usageError(`give one area, not ${areas.map((a) => `--${a}`).join(' and ')}`, 'export');
    for (const level of areas) {
      const id = options[level] as string;
      if (!/^\d{1,15}$/.test(id) || Number(id) < 1)
        throw usageError(`bad --${level} "${id}": give its id (\`gebere areas\` lists them)`, 'export');
      query[level] = id;
    }
    for (const name of ['from', 'to'] as const) {
      const day = options[name];
      if (day === undefined) continue;
      if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
        throw usageError(`bad --${name} "${day}": give a date as YYYY-MM-DD`, 'export');
      query[name] = day;
    }
    if (query.from && query.to && query.from > query.to)
      throw usageError(`--to ${query.to} is before --from ${query.from}`, 'export');
    await download(table, query, options.out, { out, backend: backend(), stdout });
  },
};

async function download(
  table: ExportTable,
  query: Record<string, string>,
  file: string | undefined,
  ctx: {
    out: { out(l: string): void };
    backend: ReturnType<Parameters<Command['run']>[1]['backend']>;
    stdout: Writable;
  },
) {
  const response = await ctx.backend.download(`/ops/export/${table}.csv`, query);
  if (!response.body) throw new CliError('the server sent no CSV');
  const counter = recordCounter();
  const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => counter.feed(chunk));
  if (file === undefined || file === '-') {
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
  const rows = Math.max(0, counter.records - 1);
  ctx.out.out(`Wrote ${rows} ${rows === 1 ? 'row' : 'rows'} of ${table} to ${file}.`);
}

const cut = (err: unknown) =>
  new CliError(
    `the export stopped before its end (${err instanceof Error ? err.message : String(err)}): run it again`,
  );
