import type { Log } from './log';
import { silentLog } from './log';
import { migrations } from './migrations/index';
import type { Db, Queryable } from './types';

/** pg_advisory_xact_lock key shared by migrate() and seed(): "gebe" in ASCII. */
export const SCHEMA_LOCK = 0x67656265;

/**
 * True when every known migration is recorded. Checked by version, not by the highest one, so a
 * migration registered after a later-numbered one (two branches merged) is still applied.
 */
export async function allApplied(db: Queryable, list: typeof migrations = migrations): Promise<boolean> {
  const versions = list.map((m) => m.version);
  const exists = await db.query<{ t: string | null }>(`select to_regclass('schema_migrations')::text as t`);
  if (!exists.rows[0]?.t) return false;
  const r = await db.query<{ n: number }>(
    'select count(*)::int as n from schema_migrations where version = any($1::int[])',
    [versions],
  );
  return Number(r.rows[0]?.n ?? 0) === versions.length;
}

/**
 * Applies the migrations that are missing, each in the same transaction as its bookkeeping row.
 * Two processes starting at once serialise on an advisory lock (PostgreSQL; PGlite has one
 * connection anyway), and the second finds nothing left to do. A restart costs two reads.
 * `list` is for building an older database in tests (db/snapshot-build.ts).
 */
export async function migrate(
  db: Db,
  log: Log = silentLog,
  list: typeof migrations = migrations,
): Promise<{ applied: number[] }> {
  if (await allApplied(db, list)) return { applied: [] };
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.exec(`create table if not exists schema_migrations (
      version int primary key, name text not null, applied_at timestamptz not null default now())`);
    const done = await tx.query<{ version: number }>('select version from schema_migrations');
    const have = new Set(done.rows.map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const m of list) {
      if (have.has(m.version)) continue;
      const started = Date.now();
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations(version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
      log.info({ migration: `${m.version}-${m.name}`, ms: Date.now() - started }, 'migration applied');
    }
    return { applied };
  });
}
