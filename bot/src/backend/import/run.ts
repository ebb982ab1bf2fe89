import { type FieldErrors, IMPORT_KINDS, type ImportKind, type ImportResult } from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { Queryable } from '../db/types';
import { echo, FieldErrorSet } from '../serving/http-error';
import { zodFieldErrors } from '../serving/zod-errors';
import { KINDS, type KindImpl, type Ref } from './kinds';
import { upsert } from './upsert';

export interface ImportBatch {
  kind: ImportKind;
  rows: Record<string, string>[];
  /** The file row number of rows[0] (the header is row 1). */
  firstRow: number;
}

export type ImportOutcome =
  | { ok: true; counts: Omit<ImportResult, 'kind' | 'dry_run'> }
  | { ok: false; errors: FieldErrors };

const rowField = (row: number) => `row ${row}`;

/**
 * Checks every row (its cells, its references, its key against the other rows) and, only when all
 * are good, upserts them: errors name the file's rows (`row 3.name_am`) in the caller's language.
 * Run it inside a transaction: it either writes every row or, on errors, nothing.
 */
export async function importBatch(
  q: Queryable,
  batch: ImportBatch,
  lang: Language,
  /** The kind as an older schema holds it (the demo seed on an older snapshot); its own by default. */
  impl: KindImpl = KINDS[batch.kind],
): Promise<ImportOutcome> {
  const def = IMPORT_KINDS[batch.kind];
  const errors: FieldErrors = {};
  const addErrors = (set: FieldErrorSet) => Object.assign(errors, set.render(lang));

  const parsed: Array<{ n: number; row: Record<string, unknown> }> = [];
  const seen = new Map<string, number>();
  batch.rows.forEach((raw, i) => {
    const n = batch.firstRow + i;
    const r = impl.schema.safeParse(raw);
    if (!r.success) {
      // Blank cells read as absent (kinds.ts `cell`), so their messages say "Required".
      const filled = Object.fromEntries(Object.entries(raw).filter(([, v]) => v.trim() !== ''));
      addErrors(zodFieldErrors(r.error.issues, { [rowField(n)]: filled }, [rowField(n)]));
      return;
    }
    const key = JSON.stringify(def.key.map((k) => r.data[k]));
    const first = seen.get(key);
    if (first !== undefined) {
      addErrors(
        new FieldErrorSet().add(`${rowField(n)}.${def.key[0]}`, 'duplicate_row', {
          columns: def.key.join(' + '),
          row: first,
        }),
      );
      return;
    }
    seen.set(key, n);
    parsed.push({ n, row: r.data });
  });

  const resolved = await resolveRefs(q, impl.refs, parsed);
  const records: Record<string, unknown>[] = [];
  for (const { n, row } of parsed) {
    const ids: Record<string, number> = {};
    const missing = new FieldErrorSet();
    for (const ref of impl.refs) {
      const hit = resolved.get(refKey(ref, row));
      if (!hit) missing.add(`${rowField(n)}.${ref.column}`, 'unknown_ref', { value: echo(row[ref.column]) });
      else {
        ids[ref.column] = hit.id;
        if (ref.also) ids[ref.also.name] = hit.also as number;
      }
    }
    if (missing.size > 0) addErrors(missing);
    else records.push(impl.record(row, ids));
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const { created, updated } = await upsert(q, impl.target, records);
  return { ok: true, counts: { created, updated, unchanged: records.length - created - updated } };
}

const refKey = (ref: Ref, row: Record<string, unknown>) =>
  `${ref.table(row)}\u0000${String(row[ref.column])}`;

/** Every reference of the batch, one query per table. */
async function resolveRefs(
  q: Queryable,
  refs: Ref[],
  rows: Array<{ row: Record<string, unknown> }>,
): Promise<Map<string, { id: number; also?: number }>> {
  const out = new Map<string, { id: number; also?: number }>();
  for (const ref of refs) {
    const byTable = new Map<string, Set<string>>();
    for (const { row } of rows) {
      const table = ref.table(row);
      const set = byTable.get(table) ?? new Set<string>();
      set.add(String(row[ref.column]));
      byTable.set(table, set);
    }
    for (const [table, values] of byTable) {
      const r = await q.query<{ id: number; k: string; also: number | null }>(
        `select t.id, t.${ref.by} as k, ${ref.also ? ref.also.select : 'null'} as also
         from ${table} t ${ref.also?.join ?? ''} where t.${ref.by} = any($1::text[])`,
        [[...values]],
      );
      for (const row of r.rows)
        out.set(`${table}\u0000${row.k}`, {
          id: Number(row.id),
          ...(row.also == null ? {} : { also: Number(row.also) }),
        });
    }
  }
  return out;
}
