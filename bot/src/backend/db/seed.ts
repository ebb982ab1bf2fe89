import { DEMO_CONTENT, type DemoContent } from '../seed/demo-content';
import { type Log, silentLog } from './log';
import { SCHEMA_LOCK } from './migrate';
import { type AdminCounts, importAdminAreas } from './seed-admin';
import { type DemoCounts, insertDemoContent, insertDemoGrants, insertDemoImports } from './seed-demo';
import type { Db, Queryable } from './types';

export interface SeedOptions {
  /** DEMO_DATA: add the demo content (on by default for the embedded backend). */
  demoData?: boolean;
  /** Where the admin CSV files are; the shipped copy by default. */
  adminDir?: URL | string;
  /** Demo content to insert; the shipped content by default (tests may pass less). */
  demo?: DemoContent;
  log?: Log;
}

export interface SeedReport {
  admin: AdminCounts | 'present';
  demo: DemoCounts | 'present' | 'off';
  ms: number;
}

const DEMO_GRANTS = 'demo-grants';
const DEMO_IMPORTS = 'demo-imports';

async function markers(q: Queryable): Promise<Set<string>> {
  const r = await q.query<{ name: string }>('select name from seed_markers');
  return new Set(r.rows.map((row) => row.name));
}

/**
 * Fills an empty database: admin areas always, demo content when asked. Each part runs once, in
 * one transaction with its marker row, so a restart only reads `seed_markers`, and a crash
 * midway leaves nothing half-done. Call after migrate().
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const started = Date.now();
  const log = options.log ?? silentLog;
  const demoData = options.demoData ?? true;
  const done = await markers(db);
  if (
    done.has('admin') &&
    (!demoData || (done.has('demo') && done.has(DEMO_GRANTS) && done.has(DEMO_IMPORTS)))
  )
    return { admin: 'present', demo: done.has('demo') ? 'present' : 'off', ms: Date.now() - started };

  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK + 1]);
    const have = await markers(tx);
    let admin: SeedReport['admin'] = 'present';
    if (!have.has('admin')) {
      admin = await importAdminAreas(tx, log, options.adminDir);
      await tx.query(`insert into seed_markers (name, detail) values ('admin', $1::jsonb)`, [
        JSON.stringify(admin),
      ]);
      log.info({ ...admin }, 'admin areas imported');
    }
    let demo: SeedReport['demo'] = have.has('demo') ? 'present' : 'off';
    if (demoData && !have.has('demo')) {
      demo = await insertDemoContent(tx, options.demo ?? DEMO_CONTENT, log);
      await tx.query(`insert into seed_markers (name, detail) values ('demo', $1::jsonb)`, [
        JSON.stringify(demo),
      ]);
      log.info({ ...demo }, 'demo content inserted');
    }
    // A database migrated before role_grants existed (an older snapshot) gets them once it is.
    const grantsTable = await tx.query(`select to_regclass('role_grants') is not null as ok`);
    if (demoData && !have.has(DEMO_GRANTS) && (grantsTable.rows[0] as { ok: boolean }).ok) {
      const grants = await insertDemoGrants(tx, options.demo ?? DEMO_CONTENT);
      await tx.query(`insert into seed_markers (name, detail) values ($1, $2::jsonb)`, [
        DEMO_GRANTS,
        JSON.stringify({ grants }),
      ]);
    }
    // Feedback questions, choices and the roster need migration 5 (question codes, da_roster).
    const rosterTable = await tx.query(`select to_regclass('da_roster') is not null as ok`);
    if (demoData && !have.has(DEMO_IMPORTS) && (rosterTable.rows[0] as { ok: boolean }).ok) {
      const imported = await insertDemoImports(tx, options.demo ?? DEMO_CONTENT, log);
      await tx.query(`insert into seed_markers (name, detail) values ($1, $2::jsonb)`, [
        DEMO_IMPORTS,
        JSON.stringify(imported),
      ]);
      log.info({ ...imported }, 'demo questions and roster imported');
    }
    return { admin, demo, ms: Date.now() - started };
  });
}
