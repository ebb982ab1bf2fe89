import type { Queryable } from '../../../src/backend/db/types';

const PARTITIONS = `select c.relname::text from pg_class c where c.relispartition
  and c.relnamespace = 'public'::regnamespace`;

/**
 * Everything a database holds, in a form to compare: the schema (columns, constraints, indexes),
 * each table's row count and a hash of its rows, and where every identity sequence stands (the
 * next id a DA or farmer gets). Wall-clock timestamps are left out unless `timestamps` (a first
 * start stamps them; a restored backup must keep them). Partitions (reach and adoption by month)
 * are left out: which months have one depends on when the database was made and started, not on
 * what it holds; their rows are counted in their parent table. The audit trail's rows and sequence
 * are left out too: they say how and when the rows were written (a snapshot or a slow start, a
 * restore's own row), not what the database holds; its suites read it directly.
 */
export async function fingerprint(db: Queryable, options: { timestamps?: boolean } = {}) {
  const q = async <T>(sql: string) => (await db.query<T>(sql)).rows;
  const columns = await q<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
     where table_schema = 'public' and table_name not in (${PARTITIONS}) order by table_name, column_name`,
  );
  const constraints = await q(
    `select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as def from pg_constraint
     where connamespace = 'public'::regnamespace and conrelid::regclass::text not in (${PARTITIONS})
     order by 1, 2`,
  );
  const indexes = await q(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename not in (${PARTITIONS})
     order by 1`,
  );
  const sequences = await q(
    `select sequencename, last_value from pg_sequences where schemaname = 'public'
       and sequencename <> 'audit_log_id_seq' order by 1`,
  );
  const tables = [...new Set(columns.map((c) => c.table_name))].filter((t) => t !== 'audit_log');
  const rows: Record<string, unknown> = {};
  for (const table of tables) {
    const cols = columns
      .filter((c) => c.table_name === table && (options.timestamps || !c.data_type.startsWith('timestamp')))
      .map((c) => `"${c.column_name}"`);
    rows[table] = (
      await q(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
         from (select ${cols.join(', ')} from "${table}") t`,
      )
    )[0];
  }
  return { columns, constraints, indexes, sequences, rows };
}
