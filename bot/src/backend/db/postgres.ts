import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { Db, Queryable } from './types';

// int8 (ids, Telegram ids) as numbers: every id we store is a safe integer.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

// Named statements are prepared once per connection and reused; the name is derived from the
// text so the same SQL always maps to the same prepared statement.
const names = new Map<string, string>();
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `g${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  async query<T>(sql: string, params?: readonly unknown[]) {
    const r = await client.query({ name: statementName(sql), text: sql, values: params as unknown[] });
    return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
  },
  async exec(sql: string) {
    await client.query(sql);
  },
});

/**
 * What each connection of this process calls itself in `pg_stat_activity.application_name`, so
 * `gebere restore` can name the copies still connected to a database it would replace (and an
 * operator can tell them apart in psql). PostgreSQL keeps 63 bytes of it.
 */
export const APPLICATION_NAME = `gebere ${hostname()} pid ${process.pid}`.slice(0, 63);
export const isGebereApplication = (name: string) => name.startsWith('gebere ');

export interface PostgresOptions {
  connectionString: string;
  /** Pool size; small by default, the database is usually shared with other copies. */
  max?: number;
  /** Give up connecting after this long (node-postgres waits forever by default). */
  connectTimeoutMs?: number;
}

export function openPostgres(options: PostgresOptions): Db {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types,
    application_name: APPLICATION_NAME,
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const base = wrap(pool);
  return {
    kind: 'postgres',
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client whose connection dies (the server killed it, a restart) emits
      // 'error' besides failing its query; the pool listens only to idle ones, and an unheard
      // 'error' would end the process. The failed query answers the request (503).
      let broken: Error | undefined;
      const lost = (error: Error) => {
        broken = error;
      };
      client.on('error', lost);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', lost);
        // A broken connection is closed, not handed to the next request.
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
