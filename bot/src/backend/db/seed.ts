import { loadAreaNames, NAMED_LANGUAGES, type NamedLanguage } from '../seed/admin-data';
import { DEMO_PEOPLE } from '../seed/demo-content';
import { loadSamples } from '../seed/samples';
import { type Log, silentLog } from './log';
import { allApplied, SCHEMA_LOCK } from './migrate';
import {
  type AdminCounts,
  type AreaNames,
  areaNamesOf,
  fillAreaNames,
  importAdminAreas,
  sameAreaNames,
} from './seed-admin';
import {
  type DemoCounts,
  importSamples,
  insertDemoEnrolments,
  insertDemoGrants,
  insertDemoPeople,
  type SampleCounts,
} from './seed-demo';
import { type DemoActivityCounts, insertDemoActivity } from './seed-demo-activity';
import type { Db, Queryable } from './types';

export interface SeedOptions {
  /** DEMO_DATA: add the demo content (on by default for the embedded backend). */
  demoData?: boolean;
  /** Where the admin CSV files (and names-am.csv, names-om.csv) are; the shipped copy by default. */
  adminDir?: URL | string;
  /** Where the sample import files are; the shipped copy by default. */
  samplesDir?: URL | string;
  /** The seed's time: demo records are dated days before it (the clock by default). */
  now?: Date;
  log?: Log;
}

export interface SeedReport {
  admin: AdminCounts | 'present';
  /** Areas given their name in each language now; 'present' when names-<lang>.csv is in already. */
  names: Record<NamedLanguage, number | 'present'>;
  /** What importing the sample files did; 'present' when these very files are in already. */
  samples: SampleCounts | 'present' | 'off';
  /** The demo's DAs, groups and farmers. */
  demo: DemoCounts | 'present' | 'off';
  /** The demo's reach, adoption and report user (a part of its own: older databases get it too). */
  demoActivity: DemoActivityCounts | 'present' | 'off';
  ms: number;
}

/** Its detail holds the hash of the sample files imported (`{ key }`). */
export const DEMO_SAMPLES = 'demo-samples';
const DEMO_GRANTS = 'demo-grants';
const DEMO_ACTIVITY = 'demo-activity';
const DEMO_ENROLMENTS = 'demo-enrolments';
const DEMO_PARTS = ['demo', DEMO_GRANTS, DEMO_ACTIVITY, DEMO_ENROLMENTS];
/** Its detail holds the names names-<lang>.csv gave when they were written (`{ names }`). */
export const namesMarker = (lang: NamedLanguage) => `admin-names-${lang}`;

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

const mark = (q: Queryable, name: string, detail: unknown) =>
  q.query(
    `insert into seed_markers (name, detail) values ($1, $2::jsonb)
     on conflict (name) do update set detail = excluded.detail, done_at = now()`,
    [name, JSON.stringify(detail)],
  );

const namesIn = (detail: unknown): AreaNames =>
  (detail as { names?: AreaNames } | null | undefined)?.names ?? {};

/**
 * Fills an empty database: admin areas always, demo content when asked. Each part runs once, in
 * one transaction with its marker row, so a restart only reads `seed_markers` and the small
 * names and sample files, and a crash midway leaves nothing half-done. The areas' Amharic and
 * Oromo names are written again when their file changed (see fillAreaNames), the sample files
 * imported again when they changed. The demo parts need every migration (the importer writes
 * today's columns): call after migrate().
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const started = Date.now();
  const log = options.log ?? silentLog;
  const demoData = options.demoData ?? true;
  const names = Object.fromEntries(
    await Promise.all(
      NAMED_LANGUAGES.map(async (lang) => [lang, areaNamesOf(await loadAreaNames(lang, options.adminDir))]),
    ),
  ) as Record<NamedLanguage, AreaNames>;
  const samples = demoData ? await loadSamples(options.samplesDir) : undefined;
  const namesWritten = (m: Map<string, unknown>, lang: NamedLanguage) =>
    m.has(namesMarker(lang)) && sameAreaNames(namesIn(m.get(namesMarker(lang))), names[lang]);
  const samplesIn = (m: Map<string, unknown>) =>
    (m.get(DEMO_SAMPLES) as { key?: string } | undefined)?.key === samples?.key;
  const now = options.now ?? new Date();
  const done = await markers(db);
  const present = (m: Map<string, unknown>, part: string) => (m.has(part) ? 'present' : 'off');
  if (
    done.has('admin') &&
    NAMED_LANGUAGES.every((lang) => namesWritten(done, lang)) &&
    (!samples || (samplesIn(done) && DEMO_PARTS.every((p) => done.has(p))))
  )
    return {
      admin: 'present',
      names: { am: 'present', om: 'present' },
      samples: done.has(DEMO_SAMPLES) ? 'present' : 'off',
      demo: present(done, 'demo'),
      demoActivity: present(done, DEMO_ACTIVITY),
      ms: Date.now() - started,
    };

  const report = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK + 1]);
    const have = await markers(tx);
    let admin: SeedReport['admin'] = 'present';
    if (!have.has('admin')) {
      admin = await importAdminAreas(tx, log, options.adminDir);
      await mark(tx, 'admin', admin);
      log.info({ ...admin }, 'admin areas imported');
    }
    const written: SeedReport['names'] = { am: 'present', om: 'present' };
    for (const lang of NAMED_LANGUAGES) {
      // Their columns came with migrations 5 (am) and 22 (om): an older snapshot gets them once migrated.
      if (namesWritten(have, lang) || !(await hasColumn(tx, 'zones', `name_${lang}`))) continue;
      written[lang] = await fillAreaNames(tx, lang, names[lang], namesIn(have.get(namesMarker(lang))));
      await mark(tx, namesMarker(lang), { names: names[lang] });
      log.info({ lang, areas: written[lang] }, 'area names written');
    }
    const report: SeedReport = {
      admin,
      names: written,
      samples: present(have, DEMO_SAMPLES),
      demo: present(have, 'demo'),
      demoActivity: present(have, DEMO_ACTIVITY),
      ms: 0,
    };
    if (samples && (await allApplied(tx))) {
      if (!samplesIn(have)) {
        report.samples = await importSamples(tx, samples, log);
        await mark(tx, DEMO_SAMPLES, { key: samples.key });
        log.info({ ...report.samples }, 'demo content imported from the sample files');
      }
      // The people, after the roster and roles the samples gave them.
      if (!have.has('demo')) {
        report.demo = await insertDemoPeople(tx, DEMO_PEOPLE, log, now);
        await mark(tx, 'demo', report.demo);
        log.info({ ...report.demo }, 'demo people inserted');
      }
      if (!have.has(DEMO_GRANTS))
        await mark(tx, DEMO_GRANTS, { grants: await insertDemoGrants(tx, DEMO_PEOPLE) });
      // Reach, adoption and a report user, dated before `now`.
      if (!have.has(DEMO_ACTIVITY)) {
        report.demoActivity = await insertDemoActivity(tx, DEMO_PEOPLE, log, now);
        await mark(tx, DEMO_ACTIVITY, report.demoActivity);
        log.info({ ...report.demoActivity }, 'demo reach, adoption and report user inserted');
      }
      // The demo DAs are the organisation's own: approved for their kebeles, so each demo
      // journey's DA is VERIFIED on sharing their contact.
      if (!have.has(DEMO_ENROLMENTS))
        await mark(tx, DEMO_ENROLMENTS, { approved: await insertDemoEnrolments(tx, DEMO_PEOPLE) });
    }
    return report;
  });
  // The plans its triggers cached while the tables were empty go with the seed. PostgreSQL gets
  // statistics for what it wrote (analyze also drops every connection's plans on those tables;
  // autovacuum would come a minute or more later, and keeps them after): a reach write took
  // 6.0 ms at p50 on a first start without, 1.5 ms with. PGlite has no autovacuum, so statistics
  // taken now would describe the small seed for ever (a batch of 50 took 63 ms with them, 11 ms
  // without, the planner scaling its estimates by the tables' pages): it only drops the plans
  // (a reach write took 6 ms with them, 0.8 ms after). Measured by scripts/bench/backend.ts.
  await db.exec(db.kind === 'postgres' ? 'analyze' : 'discard plans');
  return { ...report, ms: Date.now() - started };
}
