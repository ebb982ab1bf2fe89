import { ADMIN_LEVELS, type AdminLevel } from '@gebere/contract';
import { ethiopianDayText } from '@gebere/i18n/calendar';
import { prefillPhone } from '@gebere/phone';
import { BOM, csvRecord, csvRecords } from '../csv';
import type { Queryable } from '../db/types';
import { FieldErrorSet } from '../serving/http-error';
import { type XlsxCell, xlsxWriter } from './xlsx';

/**
 * The operator's exports (`GET /backend/ops/export/{table}.csv` or `.xlsx`, `gebere export`): one
 * table each, with the area (ids, English and Amharic names, down to the kebele), the creating
 * DA's name, phones as `09…`, and times both in Addis Ababa's wall clock (UTC+3, no daylight
 * saving; `YYYY-MM-DD HH:MM:SS`, which Excel reads as a date) and in ISO 8601 UTC, read in keyset
 * pages (`t.id > $last order by t.id limit N`) so a national table is never held in memory, on
 * PGlite and PostgreSQL alike. Columns are documented in bot/src/backend/README.md.
 */
export const EXPORT_TABLES = ['farmers', 'groups', 'reach', 'adoption', 'feedback'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export const isExportTable = (name: string): name is ExportTable =>
  (EXPORT_TABLES as readonly string[]).includes(name);

/** What a column holds, so each file type writes it right (XLSX: numbers, dates, text). */
export type ColumnKind = 'number' | 'text' | 'phone' | 'local_time' | 'utc_time' | 'ethiopian_day';
export interface ExportColumn {
  name: string;
  kind: ColumnKind;
  /** An `ethiopian_day`'s `local_time` column, whose day it writes. */
  of?: string;
}

/** Hours Addis Ababa is ahead of UTC, all year. */
export const ADDIS_OFFSET_HOURS = 3;
/**
 * A time column as Addis Ababa's wall clock, as ISO 8601 UTC (`<alias>_utc`), and its Addis day
 * in the Ethiopian calendar (`<alias>_ec`, `YYYY-MM-DD` with Pagume as month 13), the day an
 * Amharic or Oromo clerk files it under; computed here from the wall clock, not in SQL.
 */
const times = (expr: string, alias: string) =>
  `to_char((${expr} at time zone 'UTC') + interval '${ADDIS_OFFSET_HOURS} hours', 'YYYY-MM-DD HH24:MI:SS') as ${alias}, ` +
  `iso(${expr}) as ${alias}_utc`;
const timeColumns = (alias: string): ExportColumn[] => [
  { name: alias, kind: 'local_time' },
  { name: `${alias}_utc`, kind: 'utc_time' },
  { name: `${alias}_ec`, kind: 'ethiopian_day', of: alias },
];

const n = (name: string): ExportColumn => ({ name, kind: 'number' });
const s = (name: string): ExportColumn => ({ name, kind: 'text' });

const LEVELS = [
  ['region', 'r'],
  ['zone', 'z'],
  ['woreda', 'w'],
  ['kebele', 'k'],
] as const;
const AREA_COLUMNS: ExportColumn[] = LEVELS.flatMap(([l]) => [
  n(`${l}_id`),
  s(`${l}_name`),
  s(`${l}_name_am`),
]);
const AREA_SELECT = LEVELS.map(
  ([l, a]) => `${a}.id as ${l}_id, ${a}.name as ${l}_name, ${a}.name_am as ${l}_name_am`,
).join(', ');
/** The area joins from a kebele `k` up to its region `r` (`left` for rows that may have none). */
const areaJoins = (kebele: string, kind: 'join' | 'left join' = 'join') =>
  `${kind} kebeles k on k.id = ${kebele} ${kind} woredas w on w.id = k.woreda_id ` +
  `${kind} zones z on z.id = w.zone_id ${kind} regions r on r.id = z.region_id`;
/** A DA profile `alias`'s full name (first, father's, grandfather's), as the DA form has it. */
const daName = (alias: string) =>
  `nullif(concat_ws(' ', ${alias}.first_name, ${alias}.father_name, ${alias}.grand_father_name), '')`;
/** The creating DA (`t.created_by`): id and full name. */
const CREATOR_COLUMNS: ExportColumn[] = [n('created_by_da_id'), s('created_by_da_name')];
const CREATOR_SELECT = `t.created_by as created_by_da_id, ${daName('c')} as created_by_da_name`;
const CREATOR_JOIN = 'left join da_profiles c on c.id = t.created_by';

interface TableDef {
  /** The header row; the select list's aliases, in this order. */
  columns: ExportColumn[];
  select: string;
  /** From the table as `t`, with the area joins. */
  from: string;
  /**
   * Rows the registry no longer counts, left out as the reports leave them out (migration 23):
   * retired farmers, records taken back. The audit trail and the backups keep them.
   */
  current?: string;
}

/** A reach or adoption record table: the farmer, the advisory, then `extra` of the record's own. */
const recordDef = (table: string, extra: string[] = []): TableDef => ({
  columns: [
    n('id'),
    n('farmer_id'),
    s('farmer_name'),
    s('father_name'),
    n('advisory_id'),
    s('advisory_code'),
    s('advisory_label'),
    ...extra.map(s),
    ...AREA_COLUMNS,
    ...CREATOR_COLUMNS,
    ...timeColumns('created_at'),
  ],
  select:
    't.id, t.farmer_id, f.farmer_name, f.father_name, t.advisory_id, a.code as advisory_code, ' +
    `a.label as advisory_label, ${extra.map((c) => `t.${c}, `).join('')}${AREA_SELECT}, ` +
    `${CREATOR_SELECT}, ${times('t.created_at', 'created_at')}`,
  from:
    `${table} t join farmers f on f.id = t.farmer_id join advisories a on a.id = t.advisory_id ` +
    `${areaJoins('f.kebele_id')} ${CREATOR_JOIN}`,
  current: 't.taken_back_at is null',
});

const DEFS: Record<ExportTable, TableDef> = {
  farmers: {
    columns: [
      n('id'),
      s('farmer_name'),
      s('father_name'),
      s('grand_father_name'),
      { name: 'phone_number', kind: 'phone' },
      s('gender'),
      n('development_group_id'),
      s('development_group_name'),
      ...AREA_COLUMNS,
      ...CREATOR_COLUMNS,
      ...timeColumns('created_at'),
    ],
    select:
      't.id, t.farmer_name, t.father_name, t.grand_father_name, t.phone_number, t.gender, ' +
      `t.development_group_id, g.group_name as development_group_name, ${AREA_SELECT}, ` +
      `${CREATOR_SELECT}, ${times('t.created_at', 'created_at')}`,
    from:
      'farmers t join development_groups g on g.id = t.development_group_id ' +
      `${areaJoins('t.kebele_id')} ${CREATOR_JOIN}`,
    current: 't.retired_at is null',
  },
  groups: {
    columns: [
      n('id'),
      s('group_name'),
      s('group_type'),
      ...AREA_COLUMNS,
      ...CREATOR_COLUMNS,
      ...timeColumns('created_at'),
    ],
    select: `t.id, t.group_name, t.group_type, ${AREA_SELECT}, ${CREATOR_SELECT}, ${times('t.created_at', 'created_at')}`,
    from: `development_groups t ${areaJoins('t.kebele_id')} ${CREATOR_JOIN}`,
  },
  reach: recordDef('reach_records'),
  adoption: recordDef('adoption_records', ['adoption_type']),
  // The area of an answer is its user's DA profile (empty for a user who is not a DA).
  feedback: {
    columns: [
      n('id'),
      n('bot_user_id'),
      n('da_id'),
      s('da_name'),
      n('question_id'),
      s('question'),
      s('question_type'),
      n('advisory_id'),
      s('response'),
      ...AREA_COLUMNS,
      ...timeColumns('created_at'),
      ...timeColumns('updated_at'),
    ],
    select:
      `t.id, t.bot_user_id, d.id as da_id, ${daName('d')} as da_name, t.question_id, q.question, ` +
      `q.type as question_type, q.advisory_id, t.response::text as response, ${AREA_SELECT}, ` +
      `${times('t.created_at', 'created_at')}, ${times('t.updated_at', 'updated_at')}`,
    from:
      'feedback t join feedback_questions q on q.id = t.question_id join bot_users b on b.id = t.bot_user_id ' +
      `left join da_profiles d on d.id = b.da_profile_id ${areaJoins('d.kebele_id', 'left join')}`,
  },
};

export const exportColumns = (table: ExportTable): readonly ExportColumn[] => DEFS[table].columns;

const AREA_ALIAS: Record<AdminLevel, string> = { region: 'r', zone: 'z', woreda: 'w', kebele: 'k' };

export interface ExportFilter {
  area?: { level: AdminLevel; id: number } | undefined;
  /** Inclusive days of Addis Ababa's calendar, `YYYY-MM-DD`, on `created_at`. */
  from?: string | undefined;
  to?: string | undefined;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}

/** The query string of an export, checked: a 400 with field messages for anything wrong. */
export function parseExportQuery(query: Record<string, unknown>): ExportFilter {
  const errors = new FieldErrorSet();
  const filter: ExportFilter = {};
  const one = (name: string): string | undefined => {
    const v = query[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') {
      errors.addText(name, 'Give this parameter once.');
      return undefined;
    }
    return v;
  };
  const given = ADMIN_LEVELS.filter((l) => query[l] !== undefined);
  if (given.length > 1)
    errors.addText('non_field_errors', `Filter by one area only, not ${given.join(' and ')}.`);
  for (const level of given) {
    const v = one(level);
    if (v === undefined) continue;
    if (!/^\d{1,15}$/.test(v) || Number(v) < 1) errors.addText(level, `A valid ${level} id is required.`);
    else filter.area = { level, id: Number(v) };
  }
  for (const name of ['from', 'to'] as const) {
    const v = one(name);
    if (v === undefined) continue;
    if (!isDay(v)) errors.addText(name, 'Give a date as YYYY-MM-DD.');
    else filter[name] = v;
  }
  if (filter.from && filter.to && filter.from > filter.to)
    errors.addText('to', 'The end date is before the start date.');
  for (const name of Object.keys(query))
    if (![...ADMIN_LEVELS, 'from', 'to'].includes(name)) errors.addText(name, 'Unknown parameter.');
  errors.throwIfAny();
  return filter;
}

const ADDIS = `+0${ADDIS_OFFSET_HOURS}:00`;

/** The day after `YYYY-MM-DD`, so `to` includes its whole day. */
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One page's SQL: `$1` is the last id sent, the limit is the last parameter. */
export function pageQuery(
  table: ExportTable,
  filter: ExportFilter,
  pageSize: number,
): { sql: string; params: (last: number) => unknown[]; count: { sql: string; params: unknown[] } } {
  const def = DEFS[table];
  const where = ['t.id > $1', ...(def.current ? [def.current] : [])];
  const fixed: unknown[] = [];
  const param = (value: unknown) => {
    fixed.push(value);
    return `$${fixed.length + 1}`;
  };
  if (filter.area) where.push(`${AREA_ALIAS[filter.area.level]}.id = ${param(filter.area.id)}::bigint`);
  if (filter.from) where.push(`t.created_at >= ${param(`${filter.from}T00:00:00${ADDIS}`)}::timestamptz`);
  if (filter.to) where.push(`t.created_at < ${param(`${nextDay(filter.to)}T00:00:00${ADDIS}`)}::timestamptz`);
  const limit = `$${fixed.length + 2}`;
  const sql = `select ${def.select} from ${def.from} where ${where.join(' and ')} order by t.id limit ${limit}::int`;
  const count = `select count(*)::int as n from ${def.from} where ${where.join(' and ')}`;
  return { sql, params: (last) => [last, ...fixed, pageSize], count: { sql: count, params: [0, ...fixed] } };
}

export const DEFAULT_EXPORT_PAGE = 1000;

export interface ExportOptions {
  pageSize?: number;
  /** Stop between pages (the client went away). */
  signal?: AbortSignal;
}

/** The rows of one export, page by page, each read only when the consumer asks for it. */
async function* pages(
  db: Queryable,
  table: ExportTable,
  filter: ExportFilter,
  options: ExportOptions,
): AsyncGenerator<Record<string, unknown>[]> {
  const pageSize = options.pageSize ?? DEFAULT_EXPORT_PAGE;
  const { sql, params } = pageQuery(table, filter, pageSize);
  let last = 0;
  for (;;) {
    if (options.signal?.aborted) return;
    const { rows } = await db.query<Record<string, unknown>>(sql, params(last));
    if (rows.length === 0) return;
    last = Number(rows[rows.length - 1]?.id);
    yield rows;
    if (rows.length < pageSize) return;
  }
}

/** A stored phone as people write it (`0912000001`), never starting with `+`. */
const phoneText = (v: unknown) => (v === null || v === undefined ? null : prefillPhone(String(v)));

/** The value of one column of a row: the SQL's, or made from it (phones, Ethiopian days). */
function value(c: ExportColumn, row: Record<string, unknown>): unknown {
  if (c.kind === 'phone') return phoneText(row[c.name]);
  if (c.kind === 'ethiopian_day') {
    const local = c.of === undefined ? null : row[c.of];
    return local === null || local === undefined ? null : ethiopianDayText(String(local).slice(0, 10));
  }
  return row[c.name];
}

/**
 * The CSV of one table, chunk by chunk: the BOM and header, then one chunk per page. A page is
 * read only when the consumer asks for the next chunk, so a slow client holds back the queries
 * and a client that leaves stops them.
 */
export async function* exportCsv(
  db: Queryable,
  table: ExportTable,
  filter: ExportFilter,
  options: ExportOptions = {},
): AsyncGenerator<string> {
  const { columns } = DEFS[table];
  yield BOM + csvRecord(columns.map((c) => c.name));
  for await (const rows of pages(db, table, filter, options))
    yield csvRecords(rows.map((row) => columns.map((c) => value(c, row))));
}

/** How many rows an export would have (an XLSX sheet holds at most {@link XLSX_MAX_ROWS}). */
export async function exportCount(db: Queryable, table: ExportTable, filter: ExportFilter): Promise<number> {
  const { count } = pageQuery(table, filter, 1);
  const r = await db.query<{ n: number }>(count.sql, count.params);
  return Number(r.rows[0]?.n ?? 0);
}

function xlsxCell(c: ExportColumn, row: Record<string, unknown>): XlsxCell {
  const v = value(c, row);
  if (v === null || v === undefined) return null;
  if (c.kind === 'number') return { number: Number(v) };
  if (c.kind === 'local_time') return { date: String(v) };
  return { text: String(v) }; // phones, UTC times and Ethiopian days: text no spreadsheet reinterprets
}

/** The same table as an .xlsx workbook, chunk by chunk (ops/xlsx.ts): typed cells, one sheet. */
export async function* exportXlsx(
  db: Queryable,
  table: ExportTable,
  filter: ExportFilter,
  options: ExportOptions = {},
): AsyncGenerator<Uint8Array> {
  const { columns } = DEFS[table];
  const book = xlsxWriter(table);
  book.header(columns.map((c) => c.name));
  yield book.take();
  for await (const rows of pages(db, table, filter, options)) {
    book.rows(rows.map((row) => columns.map((c) => xlsxCell(c, row))));
    yield book.take();
  }
  book.end();
  yield book.take();
}
