import { type AdminData, type AreaName, loadAdminData, type NamedLanguage } from '../seed/admin-data';
import type { Log } from './log';
import type { Queryable } from './types';

export interface AdminCounts {
  regions: number;
  zones: number;
  woredas: number;
  kebeles: number;
  skipped: number;
}

// One INSERT … SELECT per level from a JSON array: 20k kebeles in one statement, parents joined
// by code. Rows whose parent code is unknown are skipped (counted), not fatal.
const LEVELS = [
  {
    key: 'regions',
    sql: `insert into regions (code, name) select x.code, x.name
          from jsonb_to_recordset($1::jsonb) as x(code text, name text) on conflict (code) do nothing`,
  },
  {
    key: 'zones',
    sql: `insert into zones (code, region_id, name) select x.code, p.id, x.name
          from jsonb_to_recordset($1::jsonb) as x(code text, region_code text, name text)
          join regions p on p.code = x.region_code on conflict (code) do nothing`,
  },
  {
    key: 'woredas',
    sql: `insert into woredas (code, zone_id, name) select x.code, p.id, x.name
          from jsonb_to_recordset($1::jsonb) as x(code text, zone_code text, name text)
          join zones p on p.code = x.zone_code on conflict (code) do nothing`,
  },
  {
    key: 'kebeles',
    sql: `insert into kebeles (code, woreda_id, name) select x.code, p.id, x.name
          from jsonb_to_recordset($1::jsonb) as x(code text, woreda_code text, name text)
          join woredas p on p.code = x.woreda_code on conflict (code) do nothing`,
  },
] as const;

export async function importAdminAreas(
  tx: Queryable,
  log: Log,
  adminDir?: URL | string,
): Promise<AdminCounts> {
  const data: AdminData = adminDir ? await loadAdminData(adminDir) : await loadAdminData();
  const counts: AdminCounts = { regions: 0, zones: 0, woredas: 0, kebeles: 0, skipped: 0 };
  for (const level of LEVELS) {
    const rows = data[level.key];
    const r = await tx.query(level.sql, [JSON.stringify(rows)]);
    counts[level.key] = r.rowCount;
    counts.skipped += rows.length - r.rowCount;
    if (rows.length !== r.rowCount)
      log.warn(
        { level: level.key, given: rows.length, inserted: r.rowCount },
        'admin areas skipped (unknown parent)',
      );
  }
  return counts;
}

/** An area's names in one language by its code: what names-<lang>.csv gives, and what a marker remembers of it. */
export type AreaNames = Record<string, string>;

export const areaNamesOf = (rows: readonly AreaName[]): AreaNames =>
  Object.fromEntries(rows.map((r) => [r.code, r.name]));

export function sameAreaNames(a: AreaNames, b: AreaNames): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((code) => a[code] === b[code]);
}

// By code; a name is written where the area has none, or still has the one the file gave before
// (`shipped`): a name an operator imported is never replaced.
const FILL_NAMES = (table: 'regions' | 'zones' | 'woredas', column: string) => `
  update ${table} t set ${column} = x.name
  from jsonb_to_recordset($1::jsonb) as x(code text, name text, shipped text)
  where t.code = x.code and t.${column} is distinct from x.name
    and (coalesce(t.${column}, '') = '' or t.${column} = x.shipped)`;

/**
 * Writes the shipped names of regions, zones and woredas in `lang` (admin/names-<lang>.csv) into
 * `name_<lang>`; `shipped` is what the previous copy of the file gave (empty on the first fill),
 * so a corrected name replaces the old one it shipped, and nothing else. Returns the number of
 * areas written.
 */
export async function fillAreaNames(
  tx: Queryable,
  lang: NamedLanguage,
  names: AreaNames,
  shipped: AreaNames,
): Promise<number> {
  const rows = JSON.stringify(
    Object.entries(names).map(([code, name]) => ({ code, name, shipped: shipped[code] ?? null })),
  );
  let written = 0;
  for (const table of ['regions', 'zones', 'woredas'] as const)
    written += (await tx.query(FILL_NAMES(table, `name_${lang}`), [rows])).rowCount;
  return written;
}
