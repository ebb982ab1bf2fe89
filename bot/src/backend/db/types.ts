/**
 * The small database surface the backend uses, implemented on PGlite and on node-postgres so the
 * same SQL runs on both. Ids are `bigint` columns and come back as JS numbers (safe up to 2^53,
 * which covers Telegram ids).
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  /** One statement with `$n` parameters (extended protocol). Pass jsonb values as JSON text. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: a gzipped tarball of the running database's data directory (a checkpoint, then
   * PGlite's `dumpDataDir`), which `loadDataDir` opens again (db/backup.ts). PostgreSQL is backed
   * up with `pg_dump` instead.
   */
  dumpDataDir?: () => Promise<Blob>;
  /** Connections of the pool (node-postgres); PGlite has one connection and no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** What a database error looks like on both drivers (PostgreSQL's error fields). */
export interface PgError {
  code: string;
  constraint?: string | undefined;
  detail?: string | undefined;
  column?: string | undefined;
  table?: string | undefined;
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}
