import { ADMIN_LEVELS, type AdminLevel } from '@gebere/contract';
import type { Queryable } from '../db/types';
import { FieldErrorSet } from '../serving/http-error';
import { BOM, csvRecord } from './csv';

/**
 * The operator's CSV exports (`GET /backend/ops/export/{table}.csv`, `gebere export`): one table
 * each, with the area (ids and names, down to the kebele) and ISO 8601 UTC times, read in keyset
 * pages (`t.id > $last order by t.id limit N`) so a national table is never held in memory, on
 * PGlite and PostgreSQL alike. Columns are documented in bot/src/backend/README.md.
 */
export const EXPORT_TABLES = ['farmers', 'groups', 'reach', 'adoption', 'feedback'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

export const isExportTable = (name: string): name is ExportTable =>
  (EXPORT_TABLES as readonly string[]).includes(name);

const AREA_COLUMNS = [
  'region_id',
  'region_name',
  'zone_id',
  'zone_name',
  'woreda_id',
  'woreda_name',
  'kebele_id',
  'kebele_name',
];
const AREA_SELECT =
  'r.id as region_id, r.name as region_name, z.id as zone_id, z.name as zone_name, ' +
  'w.id as woreda_id, w.name as woreda_name, k.id as kebele_id, k.name as kebele_name';
/** The area joins from a kebele `k` up to its region `r` (`left` for rows that may have none). */
const areaJoins = (kebele: string, kind: 'join' | 'left join' = 'join') =>
  `${kind} kebeles k on k.id = ${kebele} ${kind} woredas w on w.id = k.woreda_id ` +
  `${kind} zones z on z.id = w.zone_id ${kind} regions r on r.id = z.region_id`;

interface TableDef {
  /** The header row; the select list's aliases, in this order. */
  columns: string[];
  select: string;
  /** From the table as `t`, with the area joins. */
  from: string;
}

/** A reach or adoption record table: the farmer, the advisory, then `extra` of the record's own. */
const recordDef = (table: string, extra: string[] = []): TableDef => ({
  columns: [
    'id',
    'farmer_id',
    'farmer_name',
    'father_name',
    'advisory_id',
    'advisory_code',
    'advisory_label',
    ...extra,
    ...AREA_COLUMNS,
    'created_by_da_id',
    'created_at',
  ],
  select:
    't.id, t.farmer_id, f.farmer_name, f.father_name, t.advisory_id, a.code as advisory_code, ' +
    `a.label as advisory_label, ${extra.map((c) => `t.${c}, `).join('')}${AREA_SELECT}, ` +
    't.created_by as created_by_da_id, iso(t.created_at) as created_at',
  from:
    `${table} t join farmers f on f.id = t.farmer_id join advisories a on a.id = t.advisory_id ` +
    areaJoins('f.kebele_id'),
});

const DEFS: Record<ExportTable, TableDef> = {
  farmers: {
    columns: [
      'id',
      'farmer_name',
      'father_name',
      'grand_father_name',
      'phone_number',
      'gender',
      'development_group_id',
      'development_group_name',
      ...AREA_COLUMNS,
      'created_by_da_id',
      'created_at',
    ],
    select:
      't.id, t.farmer_name, t.father_name, t.grand_father_name, t.phone_number, t.gender, ' +
      `t.development_group_id, g.group_name as development_group_name, ${AREA_SELECT}, ` +
      't.created_by as created_by_da_id, iso(t.created_at) as created_at',
    from: `farmers t join development_groups g on g.id = t.development_group_id ${areaJoins('t.kebele_id')}`,
  },
  groups: {
    columns: ['id', 'group_name', 'group_type', ...AREA_COLUMNS, 'created_by_da_id', 'created_at'],
    select: `t.id, t.group_name, t.group_type, ${AREA_SELECT}, t.created_by as created_by_da_id, iso(t.created_at) as created_at`,
    from: `development_groups t ${areaJoins('t.kebele_id')}`,
  },
  reach: recordDef('reach_records'),
  adoption: recordDef('adoption_records', ['adoption_type']),
  // The area of an answer is its user's DA profile (empty for a user who is not a DA).
  feedback: {
    columns: [
      'id',
      'bot_user_id',
      'da_id',
      'question_id',
      'question',
      'question_type',
      'advisory_id',
      'response',
      ...AREA_COLUMNS,
      'created_at',
      'updated_at',
    ],
    select:
      't.id, t.bot_user_id, d.id as da_id, t.question_id, q.question, q.type as question_type, ' +
      `q.advisory_id, t.response::text as response, ${AREA_SELECT}, iso(t.created_at) as created_at, ` +
      'iso(t.updated_at) as updated_at',
    from:
      'feedback t join feedback_questions q on q.id = t.question_id join bot_users b on b.id = t.bot_user_id ' +
      `left join da_profiles d on d.id = b.da_profile_id ${areaJoins('d.kebele_id', 'left join')}`,
  },
};

export const exportColumns = (table: ExportTable): readonly string[] => DEFS[table].columns;

const AREA_ALIAS: Record<AdminLevel, string> = { region: 'r', zone: 'z', woreda: 'w', kebele: 'k' };

export interface ExportFilter {
  area?: { level: AdminLevel; id: number } | undefined;
  /** Inclusive UTC days, `YYYY-MM-DD`, on `created_at`. */
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

/** The day after `YYYY-MM-DD`, so `to` includes its whole day. */
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One page's SQL: `$1` is the last id sent, the limit is the last parameter. */
export function pageQuery(
  table: ExportTable,
  filter: ExportFilter,
  pageSize: number,
): { sql: string; params: (last: number) => unknown[] } {
  const def = DEFS[table];
  const where = ['t.id > $1'];
  const fixed: unknown[] = [];
  const param = (value: unknown) => {
    fixed.push(value);
    return `$${fixed.length + 1}`;
  };
  if (filter.area) where.push(`${AREA_ALIAS[filter.area.level]}.id = ${param(filter.area.id)}::bigint`);
  if (filter.from) where.push(`t.created_at >= ${param(`${filter.from}T00:00:00Z`)}::timestamptz`);
  if (filter.to) where.push(`t.created_at < ${param(`${nextDay(filter.to)}T00:00:00Z`)}::timestamptz`);
  const limit = `$${fixed.length + 2}`;
  const sql = `select ${def.select} from ${def.from} where ${where.join(' and ')} order by t.id limit ${limit}::int`;
  return { sql, params: (last) => [last, ...fixed, pageSize] };
}

export const DEFAULT_EXPORT_PAGE = 1000;

export interface ExportOptions {
  pageSize?: number;
  /** Stop between pages (the client went away). */
  signal?: AbortSignal;
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
  const pageSize = options.pageSize ?? DEFAULT_EXPORT_PAGE;
  const { columns } = DEFS[table];
  const { sql, params } = pageQuery(table, filter, pageSize);
  yield BOM + csvRecord(columns);
  let last = 0;
  for (;;) {
    if (options.signal?.aborted) return;
    const { rows } = await db.query<Record<string, unknown>>(sql, params(last));
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) chunk += csvRecord(columns.map((c) => row[c]));
    last = Number(rows[rows.length - 1]?.id);
    yield chunk;
    if (rows.length < pageSize) return;
  }
}
