import type { Queryable } from '../db/types';

/** A column an import writes: its SQL type, and what an empty cell means. */
export interface TargetColumn {
  type: string;
  /** An empty (null) value keeps what is stored; on insert it is `insert` (or null). */
  keep?: boolean;
  /** SQL for an empty value on insert (e.g. `now()`). */
  insert?: string;
}

/** Where a kind's records go: the table, the natural key, and the other columns. */
export interface Target {
  table: string;
  key: Record<string, string>;
  columns: Record<string, TargetColumn>;
  /** Set `updated_at = now()` when a record changes. */
  touch?: boolean;
  /** Text keys match whatever their case (`lower(…)`): the stored spelling is kept. */
  caseless?: boolean;
}

export interface UpsertCounts {
  created: number;
  updated: number;
}

/** Records per statement: a whole file is several statements of one transaction (the caller's). */
export const UPSERT_CHUNK = 2000;

/**
 * Upserts records by their natural key, {@link UPSERT_CHUNK} per statement: a record whose
 * columns already hold these values is left alone (neither counted nor touched), so importing
 * the same file again changes nothing. Both parts of a statement read the same snapshot, so keys
 * must be unique within `records`.
 */
export async function upsert(
  q: Queryable,
  target: Target,
  records: Record<string, unknown>[],
): Promise<UpsertCounts> {
  const counts = { created: 0, updated: 0 };
  for (let i = 0; i < records.length; i += UPSERT_CHUNK) {
    const r = await upsertChunk(q, target, records.slice(i, i + UPSERT_CHUNK));
    counts.created += r.created;
    counts.updated += r.updated;
  }
  return counts;
}

async function upsertChunk(
  q: Queryable,
  target: Target,
  records: Record<string, unknown>[],
): Promise<UpsertCounts> {
  if (records.length === 0) return { created: 0, updated: 0 };
  const { table, key, columns } = target;
  const all = { ...key, ...Object.fromEntries(Object.entries(columns).map(([c, d]) => [c, d.type])) };
  // __ord keeps the file's order for new ids (an anti-join may reorder rows).
  const recordset = [...Object.entries(all).map(([c, type]) => `"${c}" ${type}`), '__ord int'].join(', ');
  const keyMatch = Object.entries(key)
    .map(([c, type]) =>
      target.caseless && type === 'text' ? `lower(t."${c}") = lower(x."${c}")` : `t."${c}" = x."${c}"`,
    )
    .join(' and ');
  const cols = Object.keys(columns);
  const updateExpr = (c: string) => (columns[c]?.keep ? `coalesce(x."${c}", t."${c}")` : `x."${c}"`);
  const insertExpr = (c: string) => {
    const d = columns[c];
    return d?.insert ? `coalesce(x."${c}", ${d.insert})` : `x."${c}"`;
  };
  const sets = [
    ...cols.map((c) => `"${c}" = ${updateExpr(c)}`),
    ...(target.touch ? ['updated_at = now()'] : []),
  ];
  const insertCols = [...Object.keys(key), ...cols];
  const r = await q.query<UpsertCounts>(
    `with x as (select * from jsonb_to_recordset($1::jsonb) as x(${recordset})),
     upd as (${
       // Only a key (a file of role names alone): nothing to update.
       cols.length === 0
         ? 'select 1 where false'
         : `update ${table} t set ${sets.join(', ')} from x
       where ${keyMatch}
         and (${cols.map((c) => `t."${c}"`).join(', ')}, null) is distinct from (${cols.map(updateExpr).join(', ')}, null)
       returning 1`
     }),
     ins as (
       insert into ${table} (${insertCols.map((c) => `"${c}"`).join(', ')})
       select ${[...Object.keys(key).map((c) => `x."${c}"`), ...cols.map(insertExpr)].join(', ')} from x
       where not exists (select 1 from ${table} t where ${keyMatch})
       order by x.__ord
       returning 1)
     select (select count(*) from ins)::int as created, (select count(*) from upd)::int as updated`,
    [JSON.stringify(records.map((r, i) => ({ ...r, __ord: i })))],
  );
  const row = r.rows[0];
  return { created: Number(row?.created ?? 0), updated: Number(row?.updated ?? 0) };
}
