import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import {
  BackupError,
  backupKindOf,
  dumpPostgres,
  restorePglite,
  restorePostgres,
} from '../backend/db/backup';
import { noteRestore } from '../backend/db/restore-note';
import { BACKUP_FORMAT_HEADER, PGLITE_BACKUP_FORMAT } from '../backend/ops/routes';
import { CliError, expectWords } from './args';
import type { Command } from './command';
import { writeWhole } from './write-whole';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** How long `backup` waits for the server to start sending the PGlite dump. */
const BACKUP_WAIT_MS = 10 * 60_000;

const asCli = (err: unknown) => (err instanceof BackupError ? new CliError(err.message) : err);

export const backupCommand: Command = {
  name: 'backup',
  args: '<file>',
  summary: 'Back up the database to a file, while the server runs',
  details: [
    'PGlite (no DATABASE_URL): asks the running server for a copy of its data directory',
    '(PGlite dumpDataDir, a .tar.gz) and writes it to <file>.',
    'PostgreSQL (DATABASE_URL set): runs pg_dump -Fc against DATABASE_URL (needs postgresql-client).',
    'The file is written whole or not at all; an existing file is refused.',
    'Example: gebere backup backups/gebere-$(date +%F).backup',
    'README "Operator commands" gives the schedule to run it on and how to test a restore.',
  ],
  async run(words, { out, backend, settings }) {
    expectWords(words, ['file'], 'backup');
    const file = words[0] as string;
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
    'Stop the server first; restore refuses while the server answers.',
    'PGlite: writes the backup into DATA_DIR/pglite, which must be empty; --force moves the',
    'database there aside (DATA_DIR/pglite.before-restore-<time>, never deleted).',
    'PostgreSQL: pg_restore into DATABASE_URL, which must be empty; --force first saves what it',
    'holds with pg_dump (<file>.before-restore-<time>.dump), then replaces it.',
    'Then start the server again.',
    'Example: gebere restore backups/gebere-2026-05-01.backup --force',
  ],
  async run(words, { out, backend, settings, flags, label }) {
    expectWords(words, ['file'], 'restore');
    const file = words[0] as string;
    if (!existsSync(file)) throw new CliError(`${file} does not exist`);
    const kind = await backupKindOf(file);
    if (!kind)
      throw new CliError(`${file} is not a Gebere backup (neither a PGlite .tar.gz nor a pg_dump -Fc file)`);
    const { databaseUrl, dataDir } = settings();
    const target = databaseUrl ? 'postgres' : 'pglite';
    if (kind !== target)
      throw new CliError(
        kind === 'postgres'
          ? `${file} is a PostgreSQL backup (pg_dump) but DATABASE_URL is not set: set it to restore into PostgreSQL`
          : `${file} is a PGlite backup but DATABASE_URL is set: unset it (PGlite under DATA_DIR) to restore it`,
      );
    const b = backend();
    if (await b.answers())
      throw new CliError(
        `the server at ${b.url} is still running: stop it, then restore, then start it again`,
      );
    const force = flags.has('force');
    try {
      if (databaseUrl) {
        const r = await restorePostgres(databaseUrl, file, force);
        const note = {
          file: resolve(file),
          kind,
          replaced: r.savedFirst ?? null,
          by: label,
          counts: r.counts,
        };
        await noteRestore({ databaseUrl }, note);
        if (r.savedFirst) out.out(`Saved what the database held to ${r.savedFirst}.`);
        out.out(`Restored ${file} into PostgreSQL (DATABASE_URL).`);
        out.out(counts(r.counts));
      } else {
        if (!dataDir) throw new CliError('DATA_DIR is not known: run this where the server runs');
        const r = await restorePglite(file, dataDir, force);
        const note = {
          file: resolve(file),
          kind,
          replaced: r.movedAside ?? null,
          by: label,
          counts: r.counts,
        };
        await noteRestore({ dataDir }, note);
        if (r.movedAside) out.out(`Moved the database that was there to ${r.movedAside}.`);
        out.out(`Restored ${file} into ${r.dir}.`);
        out.out(counts(r.counts));
      }
    } catch (err) {
      throw asCli(err);
    }
    out.out('Start the server again (npm start).');
  },
};

const counts = (c: Record<string, number>) =>
  `It holds ${Object.entries(c)
    .map(([table, n]) => `${n} ${table.replace(/_/g, ' ')}`)
    .join(', ')}.`;
