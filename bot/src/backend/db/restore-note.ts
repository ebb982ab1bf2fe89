import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

/** What a restore did, as the restored database's audit trail keeps it. */
export interface RestoreNote {
  /** The backup file it came from (an absolute path). */
  file: string;
  kind: 'pglite' | 'postgres';
  /** What the database there was before: the moved-aside directory, the saved dump, or nothing. */
  replaced: string | null;
  /** Who ran it (the gebere command's label: the command line and the OS user). */
  by: string;
  counts: Record<string, number>;
}

/**
 * Appends the audit row of a restore to the restored database: a backup holds its own trail up to
 * when it was taken, and this row says that the database was replaced by it, when, by whom and
 * what it replaced. A backup from before the audit trail is migrated first (the server would do
 * the same at its next start).
 */
export async function noteRestore(target: { dataDir: string } | { databaseUrl: string }, note: RestoreNote) {
  const db: Db =
    'databaseUrl' in target
      ? openPostgres({ connectionString: target.databaseUrl, max: 1 })
      : await openPglite(`${target.dataDir}/pglite`);
  try {
    await migrate(db);
    const { by, ...what } = note;
    await db.query(
      `insert into audit_log (actor, proof, operator, table_name, action, after)
       values ('operator', 'local', $1, 'database', 'restore', $2::jsonb)`,
      [by, JSON.stringify(what)],
    );
  } finally {
    await db.close();
  }
}
