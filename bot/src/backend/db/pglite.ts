import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './types';

const wrap = (q: PGlite | Transaction): Queryable => ({
  async query<T>(sql: string, params?: readonly unknown[]) {
    const r = await q.query<T>(sql, params as unknown[] | undefined);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  },
  async exec(sql: string) {
    await q.exec(sql);
  },
});

/** Wraps an open PGlite (tests hand in one loaded from a template). */
export function pgliteDb(pg: PGlite): Db {
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

/** PGlite with its files under `dir`; the first open runs initdb (a few seconds). */
export async function openPglite(dir: string): Promise<Db> {
  await mkdir(dir, { recursive: true });
  const pg = await PGlite.create({ dataDir: dir });
  return pgliteDb(pg);
}
