import { existsSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import {
  BackupError,
  type BackupKind,
  backupKindOf,
  COUNTED,
  type Counts,
  dumpPostgres,
  restorePglite,
  restorePostgres,
} from '../backend/db/backup';
import { noteRestore } from '../backend/db/restore-note';
import {
  pgliteCounts,
  postgresCounts,
  type RestoreTest,
  restoreTestPglite,
  restoreTestPostgres,
} from '../backend/db/restore-test';
import { BACKUP_FORMAT_HEADER, PGLITE_BACKUP_FORMAT } from '../backend/ops/routes';
import { VERSION } from '../version';
import { CliError, expectWords } from './args';
import type { CliSettings } from './backend-client';
import type { Command } from './command';
import { writeWhole } from './write-whole';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** How long `backup` waits for the server to start sending the PGlite dump. */
const BACKUP_WAIT_MS = 10 * 60_000;

const asCli = (err: unknown) => (err instanceof BackupError ? new CliError(err.message) : err);

/**
 * `gebere-<version>-<UTC time>.backup`: the release that wrote it is in the name, so the backup
 * taken before an upgrade says which release to go back to with it.
 */
export function defaultBackupName(now = new Date()): string {
  return `gebere-${VERSION}-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.backup`;
}

/** The file to write: `target` itself, or the default name inside it when it is a directory. */
function backupFile(target: string | undefined): string {
  const dir = target ?? '.';
  const isDir =
    target === undefined || target.endsWith('/') || (existsSync(dir) && statSync(dir).isDirectory());
  return isDir ? join(dir, defaultBackupName()) : dir;
}

export const backupCommand: Command = {
  name: 'backup',
  args: '[file or directory]',
  summary: 'Back up the database to a file, while the server runs',
  details: [
    'Without a file name (or given a directory) it writes gebere-<version>-<UTC time>.backup',
    'there (here: the current directory).',
    'PGlite (no DATABASE_URL): asks the running server for a copy of its data directory',
    '(PGlite dumpDataDir, a .tar.gz) and writes it to <file>.',
    'PostgreSQL (DATABASE_URL set): runs pg_dump -Fc against DATABASE_URL (needs postgresql-client).',
    'The file is written whole or not at all; an existing file is refused.',
    'Example: gebere backup backups/gebere-$(date +%F).backup',
    'docs/operations.md "Backup and restore" gives the schedule to run it on and how to test a restore.',
  ],
  async run(words, { out, backend, settings }) {
    expectWords(words, ['file'], 'backup', 1);
    const file = backupFile(words[0]);
    if (existsSync(file)) throw new CliError(`${file} already exists: give a new file name`);
    const { databaseUrl } = settings();
    if (databaseUrl) {
      await dumpPostgres(databaseUrl, file).catch((err) => {
        throw asCli(err);
      });
      out.out(`Backed up PostgreSQL (pg_dump -Fc) to ${file} (${size((await stat(file)).size)}).`);
      return;
    }
    // The server builds the whole dump before its first byte: a large database takes a while.
    const response = await backend().download('/ops/backup', {}, BACKUP_WAIT_MS);
    if (response.headers.get(BACKUP_FORMAT_HEADER) !== PGLITE_BACKUP_FORMAT || !response.body)
      throw new CliError('the server did not send a PGlite backup: is it a Gebere server of this version?');
    try {
      await writeWhole(Readable.fromWeb(response.body as ReadableStream<Uint8Array>), file);
    } catch (err) {
      throw new CliError(`the backup was not written: ${err instanceof Error ? err.message : String(err)}`);
    }
    out.out(`Backed up the PGlite database to ${file} (${size((await stat(file)).size)}).`);
  },
};

export const restoreCommand: Command = {
  name: 'restore',
  args: '<file> [--force]',
  summary: "Restore a backup into this directory's database (server stopped)",
  options: ['force'],
  details: [
    'Stop every server on this database first; restore refuses while the server answers, while',
    'another process holds DATA_DIR/pglite (PGlite, always), or while another session is connected',
    'to the PostgreSQL database (each Gebere copy is named, from pg_stat_activity).',
    'PGlite: writes the backup into DATA_DIR/pglite, which must be empty; --force moves the',
    'database there aside (DATA_DIR/pglite.before-restore-<time>, never deleted).',
    'PostgreSQL: pg_restore into DATABASE_URL, which must be empty; --force first saves what it',
    'holds with pg_dump (<file>.before-restore-<time>.dump), then replaces it, even while other',
    'sessions are connected. To check a backup without touching production: gebere restore-test.',
    'Then start the server again.',
    'Example: gebere restore backups/gebere-2026-05-01.backup --force',
  ],
  async run(words, { out, backend, settings, flags, label }) {
    expectWords(words, ['file'], 'restore');
    const file = words[0] as string;
    const { databaseUrl, dataDir } = settings();
    const kind = await backupFor(file, settings());
    const b = backend();
    if (await b.answers())
      throw new CliError(
        `the server at ${b.url} is still running: stop it, then restore, then start it again`,
      );
    const force = flags.has('force');
    try {
      const done = databaseUrl
        ? await restorePostgres(databaseUrl, file, force).then((r) => ({
            where: { databaseUrl },
            counts: r.counts,
            replaced: r.savedFirst,
            lines: [
              r.savedFirst && `Saved what the database held to ${r.savedFirst}.`,
              `Restored ${file} into PostgreSQL (DATABASE_URL).`,
            ],
          }))
        : await restorePglite(file, knownDataDir(dataDir), force).then((r) => ({
            where: { dataDir: knownDataDir(dataDir) },
            counts: r.counts,
            replaced: r.movedAside,
            lines: [
              r.movedAside && `Moved the database that was there to ${r.movedAside}.`,
              `Restored ${file} into ${r.dir}.`,
            ],
          }));
      await noteRestore(done.where, {
        file: resolve(file),
        kind,
        replaced: done.replaced ?? null,
        by: label,
        counts: done.counts,
      });
      for (const line of done.lines) if (line) out.out(line);
      out.out(counts(done.counts));
    } catch (err) {
      throw asCli(err);
    }
    out.out('Start the server again (npm start).');
  },
};

/** PGlite's directory, which only the server's own settings name. */
function knownDataDir(dataDir: string | undefined): string {
  if (!dataDir) throw new CliError('DATA_DIR is not known: run this where the server runs');
  return dataDir;
}

/** The backup's kind, checked against where this directory's database is (else a CliError). */
async function backupFor(file: string, { databaseUrl }: CliSettings): Promise<BackupKind> {
  if (!existsSync(file)) throw new CliError(`${file} does not exist`);
  const kind = await backupKindOf(file);
  if (!kind)
    throw new CliError(`${file} is not a Gebere backup (neither a PGlite .tar.gz nor a pg_dump -Fc file)`);
  const target = databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target)
    throw new CliError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup (pg_dump) but DATABASE_URL is not set: set it to restore into PostgreSQL`
        : `${file} is a PGlite backup but DATABASE_URL is set: unset it (PGlite under DATA_DIR) to restore it`,
    );
  return kind;
}

export const restoreTestCommand: Command = {
  name: 'restore-test',
  args: '<file> [--keep] [--into <postgres url>]',
  summary: 'Restore a backup into a scratch database and compare it with production',
  options: ['keep', 'into'],
  details: [
    'The monthly restore test, safe beside a running production server:',
    "PostgreSQL: a new database beside DATABASE_URL's on the same server (<name>_restore_test_<time>;",
    'the role needs CREATEDB), or --into an empty database made for it once (emptied afterwards);',
    'PGlite: a scratch directory DATA_DIR/restore-test-<time>.',
    'The backup is restored there and migrated by this version; its rows are printed beside',
    "production's (read only; a running PGlite server is asked for them). Then the scratch database",
    'is dropped, unless --keep. Nothing else starts: no server, no bot, no notification engine,',
    'no call to Telegram.',
    'Example: gebere restore-test /var/backups/gebere/nightly-2026-05-01.backup',
  ],
  async run(words, { out, backend, settings, flags, options }) {
    expectWords(words, ['file'], 'restore-test');
    const file = words[0] as string;
    const s = settings();
    await backupFor(file, s);
    const keep = flags.has('keep');
    let r: RestoreTest;
    let production: Counts | string;
    try {
      if (s.databaseUrl) {
        r = await restoreTestPostgres(s.databaseUrl, file, keep, options.into);
        production = await postgresCounts(s.databaseUrl);
      } else {
        const dataDir = knownDataDir(s.dataDir);
        if (options.into)
          throw new CliError('--into is for PostgreSQL (DATABASE_URL): PGlite tests in DATA_DIR');
        r = await restoreTestPglite(file, dataDir, keep);
        const b = backend();
        production = (await b.answers())
          ? ((await (await b.download('/ops/counts')).json()) as Counts)
          : await pgliteCounts(dataDir);
      }
    } catch (err) {
      throw asCli(err);
    }
    const where = s.databaseUrl ? `the scratch database ${r.scratch}` : r.scratch;
    out.out(`Restored ${file} into ${where}.`);
    out.out(
      r.migrated.length
        ? `This version migrated it (${r.migrated.length} migrations: ${r.migrated.join(', ')}).`
        : 'It is at this version’s schema (no migration to apply).',
    );
    for (const line of comparison(r.counts, production)) out.out(line);
    out.out(
      keep
        ? `Kept ${where} (--keep): drop it when done.`
        : `${options.into ? 'Emptied' : 'Removed'} ${where}. Nothing else was started: no server, no bot, no call to Telegram.`,
    );
  },
};

/** The backup's rows beside production's, one table a line. */
function comparison(backup: Counts, production: Counts | string): string[] {
  const label = (t: string) => t.replace(/_/g, ' ');
  const width = Math.max(...COUNTED.map((t) => label(t).length));
  const prod = typeof production === 'string' ? undefined : production;
  const lines = [`${''.padEnd(width)}  ${'backup'.padStart(10)}  ${'production'.padStart(10)}`];
  for (const t of COUNTED)
    lines.push(
      `${label(t).padEnd(width)}  ${String(backup[t]).padStart(10)}  ${(prod ? String(prod[t]) : '?').padStart(10)}`,
    );
  if (typeof production === 'string') lines.push(`(production not counted: ${production})`);
  return lines;
}

const counts = (c: Record<string, number>) =>
  `It holds ${Object.entries(c)
    .map(([table, n]) => `${n} ${table.replace(/_/g, ' ')}`)
    .join(', ')}.`;
