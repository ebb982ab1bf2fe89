import { IMPORT_KINDS, type ImportKind, type ImportResult } from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { Queryable } from '../db/types';
import { echo, FieldErrorSet } from '../serving/http-error';
import { zodFieldErrors } from '../serving/zod-errors';
import { KINDS, type Ref } from './kinds';
import { type Target, upsert } from './upsert';

export interface ImportFile {
  kind: ImportKind;
  /** Every row below the header, blank ones included (they are skipped, keeping the numbers). */
  rows: Record<string, string>[];
  /** The file row number of rows[0] (the header is row 1). */
  firstRow: number;
}

/** One wrong cell: its row, its column (`''` for the row as a whole) and what is wrong. */
export interface ImportError {
  row: number;
  column: string;
  messages: string[];
}

export type ImportOutcome =
  | { ok: true; counts: Omit<ImportResult, 'kind' | 'dry_run'> }
  | { ok: false; errors: ImportError[] };

const rowField = (row: number) => `row ${row}`;
const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
const fold = (value: unknown) => String(value).trim().toLocaleLowerCase();
/** A reference's value as it is looked up: role names whatever their case. */
const refValue = (ref: Ref, value: unknown) => (ref.byName ? fold(value) : String(value));

interface Parsed {
  n: number;
  /** The cells that parsed; a wrong one is absent. */
  row: Record<string, unknown>;
  wrong: Set<string>;
}

/**
 * Checks a whole file before anything is written: every cell of every row, each record's natural
 * key against every other row's (normalised: phones as @gebere/phone stores them), and every
 * reference, so one run names every wrong cell (`row 3`, `name_am`) in the caller's language.
 * Only when all is good does it upsert the records. Run it inside one transaction: it then
 * writes the whole file or, on errors or a failure part-way, nothing.
 */
export async function importFile(q: Queryable, file: ImportFile, lang: Language): Promise<ImportOutcome> {
  const impl = KINDS[file.kind];
  const def = IMPORT_KINDS[file.kind];
  const errors = new FieldErrorSet();
  const parsed: Parsed[] = [];
  const seen = new Map<string, number>();

  file.rows.forEach((raw, i) => {
    const n = file.firstRow + i;
    if (Object.values(raw).every(blank)) return;
    const field = rowField(n);
    const row: Record<string, unknown> = {};
    const wrong = new Set<string>();
    for (const column of Object.keys(raw))
      if (!(column in impl.columns)) {
        errors.add(`${field}.${column}`, 'unknown_field');
        wrong.add(column);
      }
    for (const [column, parser] of Object.entries(impl.columns)) {
      const value = blank(raw[column]) ? undefined : raw[column];
      const r = parser.safeParse(value);
      if (r.success) {
        row[column] = r.data;
        continue;
      }
      wrong.add(column);
      const listed = impl.choices?.[column];
      if (listed && value !== undefined)
        errors.add(`${field}.${column}`, 'choice_listed', {
          value: echo(value.trim()),
          choices: listed.describe(lang),
        });
      else
        for (const [at, messages] of Object.entries(
          zodFieldErrors(r.error.issues, { [field]: { [column]: value } }, [field, column]).render(lang),
        ))
          for (const text of messages) errors.addText(at, text);
    }
    if (def.key.every((k) => !wrong.has(k))) {
      const key = JSON.stringify(def.key.map((k) => (impl.target.caseless ? fold(row[k]) : row[k])));
      const first = seen.get(key);
      if (first === undefined) seen.set(key, n);
      else {
        errors.add(`${field}.${def.key[0]}`, 'duplicate_row', { columns: def.key.join(' + '), row: first });
        wrong.add(def.key[0] as string);
      }
    }
    parsed.push({ n, row, wrong });
  });

  const resolved = await resolveRefs(q, impl.refs, parsed);
  const records: Record<string, unknown>[] = [];
  for (const { n, row, wrong } of parsed) {
    const ids: Record<string, number> = {};
    for (const ref of impl.refs) {
      const table = wrong.has(ref.column) ? undefined : ref.table(row);
      if (table === undefined) continue;
      const hit = resolved.get(refKey(table, ref, row[ref.column]));
      if (hit) {
        ids[ref.column] = hit.id;
        if (ref.also) ids[ref.also.name] = hit.also as number;
        continue;
      }
      wrong.add(ref.column);
      const field = `${rowField(n)}.${ref.column}`;
      const value = echo(row[ref.column]);
      const names = resolved.get(namesKey(table));
      if (names) errors.add(field, 'unknown_ref_listed', { value, choices: names.list ?? '' });
      else errors.add(field, 'unknown_ref', { value });
    }
    if (wrong.size === 0) records.push(impl.record(row, ids));
  }
  if (errors.size > 0) return { ok: false, errors: byRow(errors.render(lang)) };

  const { created, updated } = await upsert(q, withoutAbsentTranslations(impl.target, file.rows), records);
  return { ok: true, counts: { created, updated, unchanged: records.length - created - updated } };
}

/**
 * The target without the Amharic and Oromo columns the file leaves out: an older file (no
 * `name_om` column) keeps the names stored in them; an empty cell of a column it has clears one.
 */
function withoutAbsentTranslations(target: Target, rows: ImportFile['rows']): Target {
  const given = new Set(rows.flatMap((r) => Object.keys(r)));
  const columns = Object.fromEntries(
    Object.entries(target.columns).filter(([c]) => !/_(am|om)$/.test(c) || given.has(c)),
  );
  return { ...target, columns };
}

/** Rendered field errors (`row 3.name`) back into rows, in row order. */
function byRow(rendered: Record<string, string[]>): ImportError[] {
  return Object.entries(rendered)
    .map(([field, messages]) => {
      const m = /^row (\d+)(?:\.(.*))?$/.exec(field);
      return { row: Number(m?.[1] ?? 0), column: m?.[2] ?? '', messages };
    })
    .sort((a, z) => a.row - z.row);
}

const refKey = (table: string, ref: Ref, value: unknown) => `${table}\u0000${refValue(ref, value)}`;
const namesKey = (table: string) => `${table}\u0000\u0000names`;

/** Most names a refused by-name reference lists. */
const LISTED_NAMES = 30;

/** Every reference of the file, one query per table (and its names, for a by-name one). */
async function resolveRefs(
  q: Queryable,
  refs: Ref[],
  rows: Parsed[],
): Promise<Map<string, { id: number; also?: number; list?: string }>> {
  const out = new Map<string, { id: number; also?: number; list?: string }>();
  for (const ref of refs) {
    const byTable = new Map<string, Set<string>>();
    for (const { row, wrong } of rows) {
      const table = wrong.has(ref.column) ? undefined : ref.table(row);
      if (table === undefined) continue;
      const set = byTable.get(table) ?? new Set<string>();
      set.add(refValue(ref, row[ref.column]));
      byTable.set(table, set);
    }
    for (const [table, values] of byTable) {
      const column = ref.byName ? `lower(trim(t.${ref.by}))` : `t.${ref.by}`;
      const alt = ref.byName
        ? ` or lower(trim(t.name_am)) = any($1::text[]) or lower(trim(t.name_om)) = any($1::text[])`
        : '';
      const r = await q.query<{
        id: number;
        k: string;
        am: string | null;
        om: string | null;
        also: number | null;
      }>(
        `select t.id, ${column} as k, ${ref.byName ? 't.name_am' : 'null'} as am,
           ${ref.byName ? 't.name_om' : 'null'} as om, ${ref.also ? ref.also.select : 'null'} as also
         from ${table} t ${ref.also?.join ?? ''} where ${column} = any($1::text[])${alt} order by t.id desc`,
        [[...values]],
      );
      // Descending ids, so the oldest of two spellings of a name wins.
      for (const row of r.rows) {
        const hit = { id: Number(row.id), ...(row.also == null ? {} : { also: Number(row.also) }) };
        out.set(`${table}\u0000${row.k}`, hit);
        for (const other of [row.am, row.om])
          if (other) out.set(`${table}\u0000${other.trim().toLocaleLowerCase()}`, hit);
      }
      if (ref.byName && [...values].some((v) => !out.has(`${table}\u0000${v}`))) {
        const names = await q.query<{ name: string }>(
          `select ${ref.by} as name from ${table} order by ${ref.by} limit ${LISTED_NAMES + 1}`,
        );
        const list = names.rows.slice(0, LISTED_NAMES).map((x) => x.name);
        if (names.rows.length > LISTED_NAMES) list.push('…');
        out.set(namesKey(table), { id: 0, list: list.length ? list.join(', ') : '—' });
      }
    }
  }
  return out;
}
