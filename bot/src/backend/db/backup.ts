import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SHARED_SECRETS_TABLE } from '../../config-secrets';
import { DataDirLockedError, type DirLock, lockDataDir } from './dir-lock';
import { explainDatabaseError } from './explain';
import { isEmpty } from './pglite';
import { APPLICATION_NAME, isGebereApplication } from './postgres';

/**
 * Backup and restore of both databases, for `gebere backup` and `gebere restore`:
 * - PGlite: the running server's `dumpDataDir` (GET /backend/ops/backup), a gzipped tarball of its
 *   data directory; restored offline into `DATA_DIR/pglite` with `loadDataDir`.
 * - PostgreSQL: `pg_dump -Fc` and `pg_restore`, run with DATABASE_URL.
 * Restoring never deletes a database: a non-empty PGlite directory is moved aside, a non-empty
 * PostgreSQL database is first dumped beside the backup. A database another process uses is
 * refused: PGlite's directory lock, PostgreSQL's other sessions (`pg_stat_activity`).
 * `gebere restore-test` is in restore-test.ts.
 */

/** A refusal the operator can act on; its message says what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupKind = 'pglite' | 'postgres';

/** What a backup file holds, from its first bytes: a gzip (PGlite) or a pg_dump custom archive. */
export async function backupKindOf(file: string): Promise<BackupKind | undefined> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (bytesRead === 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
    return undefined;
  } finally {
    await handle.close();
  }
}

export const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

export interface PgliteRestore {
  dir: string;
  /** Where the database that was there went (`--force`), never deleted. */
  movedAside?: string;
  /** Rows in a few tables of the restored database, to show the operator what came back. */
  counts: Record<string, number>;
}

/** The tables whose rows a restore reports, as the operator would check them. */
export const COUNTED = [
  'farmers',
  'development_groups',
  'reach_records',
  'adoption_records',
  'feedback',
  'da_profiles',
  'location_notifications',
] as const;
export type Counts = Record<(typeof COUNTED)[number], number>;

/** Rows in each {@link COUNTED} table (also served to the CLI as GET /backend/ops/counts). */
export async function databaseCounts(
  q: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }>,
): Promise<Counts> {
  const out = {} as Counts;
  for (const table of COUNTED) {
    const r = await q(`select count(*)::int as n from ${table}`);
    out[table] = Number(r.rows[0]?.n);
  }
  return out;
}

/**
 * Writes a PGlite backup into `${dataDir}/pglite` (the server must be stopped). The backup is
 * opened in `${dir}.restoring` first and moved into place only once it reads, so a bad file
 * leaves the data directory as it was.
 */
export async function restorePglite(file: string, dataDir: string, force: boolean): Promise<PgliteRestore> {
  const dir = join(dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true });
  // The server's own lock (dir-lock.ts): a server on this DATA_DIR, on whatever port, refuses the
  // restore naming itself, and no server can start while the files are being swapped.
  let lock: DirLock;
  try {
    lock = lockDataDir(dir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(err.message);
    throw err;
  }
  try {
    return await restoreLocked(file, dir, force);
  } finally {
    lock.release();
  }
}

async function restoreLocked(file: string, dir: string, force: boolean): Promise<PgliteRestore> {
  if (!isEmpty(dir) && !force)
    throw new BackupError(
      existsSync(join(dir, 'postmaster.pid'))
        ? `${dir} is open: a server (on another PORT?) still uses it, or one stopped without closing ` +
            'it. Stop every server on this DATA_DIR; then --force moves it aside (kept, renamed, never deleted)'
        : `${dir} already holds a database. Stop the server and give --force to move it aside ` +
            '(it is kept, renamed, never deleted), or set DATA_DIR to an empty directory',
    );
  const restoring = `${dir}.restoring`;
  await rm(restoring, { recursive: true, force: true });
  let found: Record<string, number>;
  try {
    const db = await PGlite.create({
      dataDir: restoring,
      loadDataDir: new Blob([(await readFile(file)) as Uint8Array<ArrayBuffer>]),
    });
    try {
      found = await databaseCounts((sql) => db.query(sql));
    } finally {
      await db.close();
    }
  } catch (err) {
    await rm(restoring, { recursive: true, force: true });
    throw new BackupError(
      `${file} is not a backup this version can open (${err instanceof Error ? err.message : String(err)}); ` +
        'nothing was changed',
    );
  }
  let movedAside: string | undefined;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    movedAside = `${dir}.before-restore-${stamp()}`;
    await rename(dir, movedAside);
  } else await rm(dir, { recursive: true, force: true });
  await rename(restoring, dir);
  return { dir, ...(movedAside ? { movedAside } : {}), counts: found };
}

/** pg_dump and pg_restore: Debian's newest `/usr/lib/postgresql/<v>/bin`, else the PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin', name);
  }
  return name;
}

/** The URL without its password (which goes in PGPASSWORD, out of the process list). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  // biome-ignore lint/style/noProcessEnv: the tools inherit this process's environment (PATH, locale); no setting is read here
  const inherited = { ...process.env };
  const env = { ...inherited, PGAPPNAME: `${APPLICATION_NAME} ${new Date().toISOString()}`.slice(0, 63) };
  return { dbname: u.toString(), env: password ? { ...env, PGPASSWORD: password } : env };
}

function run(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env } = connection(url);
  const bin = pgTool(tool);
  return new Promise((resolve, reject) => {
    execFile(
      bin,
      [...args, `--dbname=${dbname}`],
      { env, maxBuffer: 16 * 1024 * 1024 },
      (err, _out, stderr) => {
        if (!err) return resolve();
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        const said = stderr.trim().split('\n').slice(-3).join(' ') || err.message;
        const explained = missing ? undefined : explainDatabaseError(new Error(said), url);
        reject(
          new BackupError(
            missing
              ? `${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`
              : explained
                ? `${tool}: ${explained.message}`
                : `${tool} failed: ${said}`,
          ),
        );
      },
    );
  });
}

/** `pg_dump -Fc` of DATABASE_URL into `file` (written beside it, then renamed: never half a file). */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const partial = `${file}.part`;
  try {
    // Created 0600 first: pg_dump keeps an existing file's mode, and the dump holds every phone.
    await writeFile(partial, '', { mode: 0o600 });
    await chmod(partial, 0o600);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`], url);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

export interface PostgresRestore {
  /** The dump of what the database held before (`--force`), kept beside the backup. */
  savedFirst?: string;
  counts: Record<string, number>;
}

/** One client on `url`, named like every copy's, with a connection failure worded by explain.ts. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: APPLICATION_NAME });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      explainDatabaseError(err, url)?.message ??
        `cannot connect to DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Another session on the database: a Gebere copy (its application_name) or anything else. */
export interface OtherSession {
  pid: number;
  application: string;
  client: string | null;
  since: string;
}

export function describeSession(s: OtherSession): string {
  const who = isGebereApplication(s.application)
    ? `Gebere copy "${s.application}"`
    : s.application
      ? `"${s.application}"`
      : 'a client without application_name (a Gebere copy older than this version?)';
  return `${who} from ${s.client ?? 'a local socket'} (backend pid ${s.pid}, since ${s.since})`;
}

/** The other sessions on the database this client is connected to (all users' sessions show). */
async function otherSessions(c: pg.Client): Promise<OtherSession[]> {
  const r = await c.query<{ pid: number; application: string; client: string | null; since: Date | null }>(
    `select pid, coalesce(application_name, '') as application, host(client_addr) as client,
            backend_start as since
       from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
      order by backend_start`,
  );
  return r.rows.map((row) => ({ ...row, since: row.since ? row.since.toISOString() : 'unknown' }));
}

/**
 * `pg_restore` of a `pg_dump -Fc` file into DATABASE_URL, in one transaction. A database another
 * session is connected to (a Gebere copy still running: it would lose its tables mid-request) is
 * refused, naming each, unless `force`. A database with tables is refused unless `force`; then it
 * is dumped first to `<file>.before-restore-<time>.dump`, its `public` schema is renamed aside and
 * the backup restored into a new one, as into an empty database; the old schema is dropped once
 * the restore succeeded, renamed back if it failed. Gebere's own shared-secrets table alone (the
 * CLI creates it on connecting) counts as empty, and gives way to the backup's.
 * (`pg_restore --clean` cannot replace partitioned tables: it drops a partition's primary key
 * before its parent's, which PostgreSQL refuses.)
 */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<PostgresRestore> {
  const { tables, others } = await withClient(url, async (c) => {
    const r = await c.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public'",
    );
    return { tables: r.rows.map((row) => row.name), others: await otherSessions(c) };
  });
  if (others.length > 0 && !force)
    throw new BackupError(
      `the database at DATABASE_URL is in use by ${others.length === 1 ? 'another session' : `${others.length} other sessions`}: ` +
        `${others.map(describeSession).join('; ')}. Stop every Gebere copy on it (and close other ` +
        'sessions) before restoring; a copy left running loses its tables under it. --force restores anyway',
    );
  if (tables.length === 1 && tables[0] === SHARED_SECRETS_TABLE)
    await withClient(url, (c) => c.query(`drop table ${SHARED_SECRETS_TABLE}`));
  const used = tables.filter((t) => t !== SHARED_SECRETS_TABLE).length;
  let savedFirst: string | undefined;
  let aside: string | undefined;
  if (used > 0) {
    if (!force)
      throw new BackupError(
        `the database at DATABASE_URL is not empty (${tables.length} tables). Restore into a new, empty ` +
          'database, or give --force to replace it (its current content is first saved with pg_dump, never lost)',
      );
    savedFirst = `${file.replace(/\.dump$/, '')}.before-restore-${stamp()}.dump`;
    await dumpPostgres(url, savedFirst);
    aside = `public_before_restore_${Date.now()}`;
    await withClient(url, (c) =>
      c.query(`begin; alter schema public rename to ${aside}; create schema public; commit`),
    );
  }
  const putBack = () =>
    aside
      ? withClient(url, (c) =>
          c.query(`begin; drop schema public cascade; alter schema ${aside} rename to public; commit`),
        )
      : Promise.resolve();
  try {
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
      url,
    );
  } catch (err) {
    await putBack();
    throw err;
  }
  // pg_restore exits 0 on a truncated archive, having restored nothing: never drop the old
  // content for that.
  const restored = await withClient(url, async (c) => {
    const r = await c.query(
      "select to_regclass('public.schema_migrations') is not null and to_regclass('public.farmers') is not null as ok",
    );
    return r.rows[0]?.ok === true;
  });
  if (!restored) {
    await putBack();
    throw new BackupError(
      `${file} held no Gebere database (a truncated or foreign dump?); nothing was changed`,
    );
  }
  if (aside) await withClient(url, (c) => c.query(`drop schema ${aside} cascade`));
  const found = await withClient(url, (c) => databaseCounts((sql) => c.query(sql)));
  return { ...(savedFirst ? { savedFirst } : {}), counts: found };
}
