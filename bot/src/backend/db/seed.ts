import { loadAmharicNames } from '../seed/admin-data';
import { DEMO_CONTENT, type DemoContent } from '../seed/demo-content';
import { type Log, silentLog } from './log';
import { SCHEMA_LOCK } from './migrate';
import {
  type AdminCounts,
  type AmharicNames,
  amharicNamesOf,
  fillAmharicNames,
  importAdminAreas,
  sameAmharicNames,
} from './seed-admin';
import {
  type DemoCounts,
  insertDemoAdvisoryTitles,
  insertDemoContent,
  insertDemoEnrolments,
  insertDemoGrants,
  insertDemoImports,
} from './seed-demo';
import { type DemoActivityCounts, insertDemoActivity } from './seed-demo-activity';
import type { Db, Queryable } from './types';

export interface SeedOptions {
  /** DEMO_DATA: add the demo content (on by default for the embedded backend). */
  demoData?: boolean;
  /** Where the admin CSV files (and names-am.csv) are; the shipped copy by default. */
  adminDir?: URL | string;
  /** Demo content to insert; the shipped content by default (tests may pass less). */
  demo?: DemoContent;
  /** The seed's time: demo records are dated days before it (the clock by default). */
  now?: Date;
  log?: Log;
}

export interface SeedReport {
  admin: AdminCounts | 'present';
  /** Regions and zones given their Amharic name now; 'present' when names-am.csv is in already. */
  amharicNames: number | 'present';
  demo: DemoCounts | 'present' | 'off';
  /** The demo's reach, adoption and report user (a part of its own: older databases get it too). */
  demoActivity: DemoActivityCounts | 'present' | 'off';
  ms: number;
}

const DEMO_GRANTS = 'demo-grants';
const DEMO_IMPORTS = 'demo-imports';
const DEMO_TITLES_AM = 'demo-advisory-titles-am';
const DEMO_ACTIVITY = 'demo-activity';
const DEMO_ENROLMENTS = 'demo-enrolments';
const DEMO_PARTS = ['demo', DEMO_GRANTS, DEMO_IMPORTS, DEMO_TITLES_AM, DEMO_ACTIVITY, DEMO_ENROLMENTS];
/** Its detail holds the names names-am.csv gave when they were written (`{ names }`). */
export const AMHARIC_NAMES = 'admin-names-am';

/** What seed() has done: each marker's name and detail. */
async function markers(q: Queryable): Promise<Map<string, unknown>> {
  const r = await q.query<{ name: string; detail: unknown }>('select name, detail from seed_markers');
  return new Map(r.rows.map((row) => [row.name, row.detail]));
}

/** Whether a migration that adds this column has run (an older snapshot's database lacks it). */
async function hasColumn(q: Queryable, table: string, column: string): Promise<boolean> {
  const r = await q.query<{ ok: boolean }>(
    `select exists (select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and column_name = $2) as ok`,
    [table, column],
  );
  return r.rows[0]?.ok === true;
}

const namesIn = (detail: unknown): AmharicNames =>
  (detail as { names?: AmharicNames } | null | undefined)?.names ?? {};

/**
 * Fills an empty database: admin areas always, demo content when asked. Each part runs once, in
 * one transaction with its marker row, so a restart only reads `seed_markers` (and the small
 * names-am.csv), and a crash midway leaves nothing half-done. The Amharic names of regions and
 * zones are written again when names-am.csv changed (see fillAmharicNames). Call after migrate().
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const started = Date.now();
  const log = options.log ?? silentLog;
  const demoData = options.demoData ?? true;
  const names = amharicNamesOf(
    options.adminDir ? await loadAmharicNames(options.adminDir) : await loadAmharicNames(),
  );
  const namesWritten = (m: Map<string, unknown>) =>
    m.has(AMHARIC_NAMES) && sameAmharicNames(namesIn(m.get(AMHARIC_NAMES)), names);
  const now = options.now ?? new Date();
  const done = await markers(db);
  if (done.has('admin') && namesWritten(done) && (!demoData || DEMO_PARTS.every((p) => done.has(p))))
    return {
      admin: 'present',
      amharicNames: 'present',
      demo: done.has('demo') ? 'present' : 'off',
      demoActivity: done.has(DEMO_ACTIVITY) ? 'present' : 'off',
      ms: Date.now() - started,
    };

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
    // The name_am columns came with migration 5: an older snapshot gets its names once migrated.
    let amharicNames: SeedReport['amharicNames'] = 'present';
    if (!namesWritten(have) && (await hasColumn(tx, 'zones', 'name_am'))) {
      amharicNames = await fillAmharicNames(tx, names, namesIn(have.get(AMHARIC_NAMES)));
      await tx.query(
        `insert into seed_markers (name, detail) values ($1, $2::jsonb)
         on conflict (name) do update set detail = excluded.detail, done_at = now()`,
        [AMHARIC_NAMES, JSON.stringify({ names })],
      );
      log.info({ areas: amharicNames }, 'Amharic area names written');
    }
    let demo: SeedReport['demo'] = have.has('demo') ? 'present' : 'off';
    if (demoData && !have.has('demo')) {
      demo = await insertDemoContent(tx, options.demo ?? DEMO_CONTENT, log, now);
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
    // The advisories' Amharic titles need migration 7 (advisories.label_am).
    if (demoData && !have.has(DEMO_TITLES_AM) && (await hasColumn(tx, 'advisories', 'label_am'))) {
      const titles = await insertDemoAdvisoryTitles(tx, options.demo ?? DEMO_CONTENT);
      await tx.query(`insert into seed_markers (name, detail) values ($1, $2::jsonb)`, [
        DEMO_TITLES_AM,
        JSON.stringify({ titles }),
      ]);
      log.info({ titles }, 'demo advisory titles in Amharic written');
    }
    // Reach, adoption and a report user, dated before `now`: after the demo's people, in a part of
    // its own so a database seeded before it existed gets it on its next start.
    let demoActivity: SeedReport['demoActivity'] = have.has(DEMO_ACTIVITY) ? 'present' : 'off';
    if (demoData && !have.has(DEMO_ACTIVITY) && (have.has('demo') || demo !== 'off')) {
      demoActivity = await insertDemoActivity(tx, options.demo ?? DEMO_CONTENT, log, now);
      await tx.query(`insert into seed_markers (name, detail) values ($1, $2::jsonb)`, [
        DEMO_ACTIVITY,
        JSON.stringify(demoActivity),
      ]);
      log.info({ ...demoActivity }, 'demo reach, adoption and report user inserted');
    }
    // The demo DAs are the organisation's own: approved for their kebeles (migration 15's table),
    // so each demo journey's DA is VERIFIED on sharing their contact, roster or not.
    const enrolments = await tx.query(`select to_regclass('da_enrolments') is not null as ok`);
    if (demoData && !have.has(DEMO_ENROLMENTS) && (enrolments.rows[0] as { ok: boolean }).ok) {
      const approved = await insertDemoEnrolments(tx, options.demo ?? DEMO_CONTENT);
      await tx.query(`insert into seed_markers (name, detail) values ($1, $2::jsonb)`, [
        DEMO_ENROLMENTS,
        JSON.stringify({ approved }),
      ]);
    }
    return { admin, amharicNames, demo, demoActivity, ms: Date.now() - started };
  });
}
