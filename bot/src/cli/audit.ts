import { AUDITED_TABLES, type AuditRow } from '@gebere/contract';
import { maskPhones } from '../log';
import { resolveArea } from './areas';
import { expectWords, parseArea, parsePhone, usageError } from './args';
import type { Command } from './command';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TABLES: readonly string[] = AUDITED_TABLES;

/** `farmers:12`, also `farmer:12` (the table's name without its plural s). */
function parseRecord(raw: string): { table: string; record_id: number } {
  const [name = '', id = '', ...rest] = raw.split(':');
  const table = TABLES.includes(name) ? name : TABLES.includes(`${name}s`) ? `${name}s` : undefined;
  if (!table || rest.length > 0 || !/^\d{1,15}$/.test(id) || Number(id) < 1)
    throw usageError(
      `bad --record "${raw}": give <table>:<id>, e.g. farmers:12 (tables: ${TABLES.join(', ')})`,
      'audit',
    );
  return { table, record_id: Number(id) };
}

/** A phone as the audit trail stores it, masked as the logs mask phones (last two digits). */
const masker = (unmask: boolean) => (text: string) => (unmask ? text : maskPhones(text));

const value = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** `field: before → after` for every field the row names (a create's or removal's whole row). */
function changes(row: AuditRow, mask: (s: string) => string): string {
  const keys = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  return keys
    .map((k) => {
      const shown = `${k}: ${value(row.before?.[k])} → ${value(row.after?.[k])}`;
      return /phone/.test(k) ? mask(shown) : shown;
    })
    .join('; ');
}

function who(row: AuditRow, mask: (s: string) => string): string {
  switch (row.actor) {
    case 'user': {
      const ids = [
        `tg ${row.telegram_id}`,
        ...(row.bot_user_id === null ? [] : [`bot user ${row.bot_user_id}`]),
        ...(row.phone === null ? [] : [`phone ${mask(row.phone)}`]),
      ].join(', ');
      return row.da_id === null ? `user (${ids})` : `DA ${row.da_id} (${ids})`;
    }
    case 'bot':
      return row.telegram_id === null ? 'bot' : `bot for tg ${row.telegram_id}`;
    case 'operator':
      return `operator "${mask(row.operator ?? '')}"`;
    default:
      return 'system';
  }
}

function proof(row: AuditRow): string {
  const base = row.proof === 'link' ? `link ${row.screen ?? ''}`.trim() : (row.proof ?? '-');
  return row.late_sync ? `late sync of ${base}` : base;
}

/** One readable line per row: when (UTC), who, proof, route, record, what changed. */
export function formatAuditRow(row: AuditRow, unmask = false): string {
  const mask = masker(unmask);
  const record = `${row.table}:${row.record_id ?? '-'}`;
  return [
    row.at.replace(/\.\d+Z$/, 'Z'),
    who(row, mask),
    proof(row),
    row.route ?? '-',
    `${record} ${row.action}`,
    changes(row, mask),
    ...(row.request_id ? [`[request ${row.request_id}]`] : []),
  ].join('  ');
}

export const auditCommand: Command = {
  name: 'audit',
  args: '[--phone <phone>] [--record <table>:<id>] [--area <area>] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--unmask] [--limit N]',
  summary: 'Show who changed what: the audit trail of every write, newest rows last',
  options: ['phone', 'record', 'area', 'from', 'to', 'unmask', 'limit'],
  details: [
    'One line per record a write created, changed or removed: the time (UTC), who (a DA, a user,',
    'the bot, an operator command, or the system), the proof (initData, a signed link and its',
    'screen, late sync, the service token), the route, <table>:<id>, and each field as',
    'before → after (a create shows the whole row, a removal the row it removed).',
    'Filters:',
    '  --phone <phone>        writes by the user of that phone, or to records holding it',
    '  --record <table>:<id>  one record, e.g. farmers:12 or da_profiles:7',
    '  --area <area>          records in an area: all, region:<id>, zone:<id>, woreda:<id>, kebele:<id>',
    '                         (a code such as region:ET03 works too), as for `gebere grant`',
    '  --from / --to          inclusive UTC days, YYYY-MM-DD',
    '  --limit N              the newest N rows that match (100; at most 10000)',
    'Phone numbers are masked (<phone …67>) unless --unmask.',
    'Example: gebere audit --record farmers:12',
  ],
  async run(words, { out, backend, options, flags }) {
    expectWords(words, [], 'audit');
    const query: Record<string, string | number> = {};
    if (options.phone !== undefined) query.phone_number = parsePhone(options.phone, 'audit');
    if (options.record !== undefined) Object.assign(query, parseRecord(options.record));
    for (const name of ['from', 'to'] as const) {
      const day = options[name];
      if (day === undefined) continue;
      if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
        throw usageError(`bad --${name} "${day}": give a date as YYYY-MM-DD`, 'audit');
      query[name] = day;
    }
    if (query.from && query.to && query.from > query.to)
      throw usageError(`--to ${query.to} is before --from ${query.from}`, 'audit');
    if (options.limit !== undefined) {
      if (!/^\d{1,5}$/.test(options.limit) || Number(options.limit) < 1 || Number(options.limit) > 10_000)
        throw usageError(`bad --limit "${options.limit}": give a number from 1 to 10000`, 'audit');
      query.limit = Number(options.limit);
    }
    const b = backend();
    if (options.area !== undefined) {
      const area = await resolveArea(parseArea(options.area, 'audit'), b);
      if (area.location_type !== 'all' && area.location_id !== null)
        Object.assign(query, { location_type: area.location_type, location_id: area.location_id });
    }
    const { data } = await b.call('listAuditRows', { query });
    if (data.length === 0) {
      out.out('No audit rows match.');
      return;
    }
    for (const row of data) out.out(formatAuditRow(row, flags.has('unmask')));
    const limit = Number(query.limit ?? 100);
    const rows = `${data.length} ${data.length === 1 ? 'row' : 'rows'}`;
    out.out(data.length === limit ? `${rows} (the newest ${limit}; --limit shows more)` : rows);
  },
};
