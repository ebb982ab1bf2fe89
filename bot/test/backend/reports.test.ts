import {
  ADMIN_LEVELS,
  defaultPeriod,
  type Report,
  type ReportLevel,
  reportDayOf,
  reportWeeks,
} from '@gebere/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_REPORTER_TELEGRAM_ID } from '../../src/backend/seed/demo/chat-users';
import { DEMO_PLACES } from '../../src/backend/seed/demo-content';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import type { Area, Da } from './test-kit/fixtures';

/**
 * Every figure of a report equals a count over the raw rows (farmers, groups, reach and adoption
 * records), on random data: random days (around midnight in Addis Ababa too), kebeles, DAs,
 * advisories and value chains, written in random batches straight into the tables, so the
 * rollup triggers see multi-row statements, re-posts that insert nothing and rows of many days.
 */

// The raw rows as the report counts them, computed here on their own (not through report_day()).
const RAW = `(
  select ((t.created_at at time zone 'UTC') + interval '3 hours')::date as day, t.kebele_id as kebele,
         t.created_by as da, null::bigint as advisory, 'farmers' as kind from farmers t
  union all
  select ((t.created_at at time zone 'UTC') + interval '3 hours')::date, t.kebele_id, t.created_by, null, 'groups'
  from development_groups t
  union all
  select ((t.created_at at time zone 'UTC') + interval '3 hours')::date, f.kebele_id, t.created_by, t.advisory_id,
         'reach' from reach_records t join farmers f on f.id = t.farmer_id
  union all
  select ((t.created_at at time zone 'UTC') + interval '3 hours')::date, f.kebele_id, t.created_by, t.advisory_id,
         'adoption' from adoption_records t join farmers f on f.id = t.farmer_id
)`;
const AREA_COLUMN: Record<ReportLevel, string> = {
  all: 'null',
  region: 'z.region_id',
  zone: 'w.zone_id',
  woreda: 'k.woreda_id',
  kebele: 'k.id',
};
const KEYS = {
  total: `''`,
  week: `to_char(x.day - (extract(isodow from x.day)::int - 1), 'YYYY-MM-DD')`,
  value_chain: 'a.value_chain_id',
  advisory: 'x.advisory',
  da: 'x.da',
  region: 'z.region_id',
  zone: 'w.zone_id',
  woreda: 'k.woreda_id',
  kebele: 'k.id',
} as const;

type Figures = Map<string, { farmers: number; groups: number; reach: number; adoption: number }>;

describeOnDatabases('reports equal the raw rows (%s)', (kind) => {
  let t: TestBackend;
  let das: Da[];
  let kebeles: Area[];
  let advisories: Array<{ id: number; value_chain: number | null }>;
  let valueChains: number[];

  beforeAll(async () => {
    t = await startBackend(kind);
    // Three kebeles of one woreda, one of another zone of the same region, one of another region.
    const sameWoreda = await t.db.query<Area>(
      `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       where k.woreda_id = $1 order by k.id limit 3`,
      [t.fx.area.woreda],
    );
    const otherZone = await t.db.query<Area>(
      `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       where z.region_id = $1 and w.zone_id <> $2 order by k.id limit 1`,
      [t.fx.area.region, t.fx.area.zone],
    );
    kebeles = [...sameWoreda.rows, ...otherZone.rows, t.fx.otherArea].map((a) => ({
      region: Number(a.region),
      zone: Number(a.zone),
      woreda: Number(a.woreda),
      kebele: Number(a.kebele),
    }));
    das = [await t.fx.da(), await t.fx.da(), await t.fx.da(t.fx.otherArea)];
    const a = await t.db.query<{ id: number; value_chain: number | null }>(
      'select id, value_chain_id as value_chain from advisories order by id limit 8',
    );
    advisories = a.rows.map((r) => ({
      id: Number(r.id),
      value_chain: r.value_chain && Number(r.value_chain),
    }));
    valueChains = [...new Set(advisories.flatMap((r) => (r.value_chain ? [r.value_chain] : [])))];
  }, 120_000);
  afterAll(() => t?.close());

  async function naive(
    level: ReportLevel,
    id: number | null,
    from: string,
    to: string,
    vc: number | null,
    key: keyof typeof KEYS,
  ): Promise<Figures> {
    const r = await t.db.query<{ key: string; kind: string; n: number }>(
      `select ${KEYS[key]}::text as key, x.kind, count(*)::int as n from ${RAW} x
       join kebeles k on k.id = x.kebele join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       left join advisories a on a.id = x.advisory
       where x.day between $1::date and $2::date and ($3::bigint is null or ${AREA_COLUMN[level]} = $3::bigint)
         and ($4::bigint is null or x.advisory is null or a.value_chain_id = $4::bigint)
         ${key === 'value_chain' ? 'and a.value_chain_id is not null' : ''}
         ${key === 'advisory' ? 'and x.advisory is not null' : ''} ${key === 'da' ? 'and x.da is not null' : ''}
       group by 1, 2`,
      [from, to, level === 'all' ? null : id, vc],
    );
    const out: Figures = new Map();
    for (const row of r.rows) {
      const k = String(row.key);
      const v = out.get(k) ?? { farmers: 0, groups: 0, reach: 0, adoption: 0 };
      v[row.kind as 'farmers'] = Number(row.n);
      out.set(k, v);
    }
    return out;
  }

  /** A report's rows as the same map, leaving out rows of zeros (the table lists idle areas too). */
  const figures = (
    rows: Array<{ farmers?: number; groups?: number; reach: number; adoption: number }>,
    keyOf: (row: never) => string,
  ): Figures =>
    new Map(
      rows
        .filter((r) => (r.farmers ?? 0) + (r.groups ?? 0) + r.reach + r.adoption > 0)
        .map((r) => [
          keyOf(r as never),
          { farmers: r.farmers ?? 0, groups: r.groups ?? 0, reach: r.reach, adoption: r.adoption },
        ]),
    );
  const onlyRecords = (m: Figures): Figures =>
    new Map(
      [...m]
        .filter(([, v]) => v.reach + v.adoption > 0)
        .map(([k, v]) => [k, { farmers: 0, groups: 0, reach: v.reach, adoption: v.adoption }]),
    );

  // Around 2026-03-01, with times near Addis Ababa's midnight (21:00 UTC) on purpose.
  const moment = fc
    .tuple(
      fc.integer({ min: -100, max: 20 }),
      fc.constantFrom(0, 20 * 60, 21 * 60 - 1, 21 * 60, 23 * 60 + 59),
    )
    .map(([day, minute]) => new Date(Date.UTC(2026, 2, 1 + day) + minute * 60_000).toISOString());

  it('sums, weeks, value chains, advisories, areas and DAs equal counts over the raw rows', async () => {
    const batch = fc.record({
      groups: fc.array(fc.record({ kebele: fc.nat(4), da: fc.nat(3), at: moment }), {
        minLength: 1,
        maxLength: 4,
      }),
      farmers: fc.array(fc.record({ group: fc.nat(20), da: fc.nat(2), at: moment }), { maxLength: 12 }),
      reach: fc.array(fc.record({ farmer: fc.nat(40), advisory: fc.nat(7), da: fc.nat(2), at: moment }), {
        maxLength: 25,
      }),
      adoption: fc.array(fc.record({ farmer: fc.nat(40), advisory: fc.nat(7), da: fc.nat(2), at: moment }), {
        maxLength: 15,
      }),
    });
    const view = fc.record({
      level: fc.constantFrom<ReportLevel>('all', ...ADMIN_LEVELS),
      place: fc.nat(4),
      to: fc.integer({ min: -60, max: 25 }),
      span: fc.integer({ min: 0, max: 120 }),
      vc: fc.option(fc.nat(5), { nil: null }),
    });
    const groupIds: number[] = [];
    const farmerIds: number[] = [];

    await fc.assert(
      fc.asyncProperty(batch, view, async (b, v) => {
        const json = (rows: unknown[]) => JSON.stringify(rows);
        const g = await t.db.query<{ id: number }>(
          `insert into development_groups (group_name, group_type, kebele_id, created_by, created_at)
           select 'Random', 'mixed', x.kebele, x.da, x.at from jsonb_to_recordset($1::jsonb)
             as x(kebele bigint, da bigint, at timestamptz) returning id`,
          [
            json(
              b.groups.map((r) => ({
                kebele: kebeles[r.kebele % kebeles.length]?.kebele,
                da: r.da === 3 ? null : das[r.da]?.daId,
                at: r.at,
              })),
            ),
          ],
        );
        groupIds.push(...g.rows.map((r) => Number(r.id)));
        if (b.farmers.length > 0) {
          const f = await t.db.query<{ id: number }>(
            `insert into farmers (farmer_name, father_name, grand_father_name, gender, kebele_id, development_group_id,
               created_by, created_at)
             select 'A', 'B', 'C', 'male', g.kebele_id, g.id, x.da, x.at from jsonb_to_recordset($1::jsonb)
               as x(grp bigint, da bigint, at timestamptz) join development_groups g on g.id = x.grp returning id`,
            [
              json(
                b.farmers.map((r) => ({
                  grp: groupIds[r.group % groupIds.length],
                  da: das[r.da]?.daId,
                  at: r.at,
                })),
              ),
            ],
          );
          farmerIds.push(...f.rows.map((r) => Number(r.id)));
        }
        for (const table of ['reach_records', 'adoption_records'] as const) {
          const rows = table === 'reach_records' ? b.reach : b.adoption;
          if (farmerIds.length === 0 || rows.length === 0) continue;
          // A pair drawn twice is skipped by the table's claim trigger (migration 13), as the routes'.
          await t.db.query(
            `insert into ${table} (farmer_id, advisory_id, created_by, created_at)
             select x.farmer, x.advisory, x.da, x.at from jsonb_to_recordset($1::jsonb)
               as x(farmer bigint, advisory bigint, da bigint, at timestamptz)`,
            [
              json(
                rows.map((r) => ({
                  farmer: farmerIds[r.farmer % farmerIds.length],
                  advisory: advisories[r.advisory % advisories.length]?.id,
                  da: das[r.da]?.daId,
                  at: r.at,
                })),
              ),
            ],
          );
        }

        const place = kebeles[v.place % kebeles.length] as Area;
        const id = v.level === 'all' ? null : place[v.level];
        const to = new Date(Date.UTC(2026, 2, 1 + v.to)).toISOString().slice(0, 10);
        const from = new Date(Date.UTC(2026, 2, 1 + v.to - v.span)).toISOString().slice(0, 10);
        const vc =
          v.vc === null || valueChains.length === 0 ? null : (valueChains[v.vc % valueChains.length] ?? null);
        const query: Record<string, string | number> = { level: v.level, from, to };
        if (id !== null) query.area = id;
        if (vc !== null) query.value_chain = vc;
        const r = await t.call('GET', '/api/reports/', { headers: proof.service(), query });
        expect(r.status).toBe(200);
        const report = r.body as Report;

        const weeks = reportWeeks(to);
        expect(report.weeks.map((w) => w.week)).toEqual(weeks);
        expect(figures(report.weeks, (w: { week: string }) => w.week)).toEqual(
          await naive(v.level, id, weeks[0] as string, to, vc, 'week'),
        );
        const total = (await naive(v.level, id, from, to, vc, 'total')).get('');
        expect(report.totals).toEqual(total ?? { farmers: 0, groups: 0, reach: 0, adoption: 0 });
        expect(figures(report.by_value_chain, (x: { id: number }) => String(x.id))).toEqual(
          onlyRecords(await naive(v.level, id, from, to, vc, 'value_chain')),
        );
        expect(figures(report.by_advisory, (x: { id: number }) => String(x.id))).toEqual(
          onlyRecords(await naive(v.level, id, from, to, vc, 'advisory')),
        );
        expect(figures(report.by_da, (x: { id: number }) => String(x.id))).toEqual(
          await naive(v.level, id, from, to, vc, 'da'),
        );
        const child = {
          all: 'region',
          region: 'zone',
          zone: 'woreda',
          woreda: 'kebele',
          kebele: null,
        } as const;
        const below = child[v.level];
        if (below === null) expect(report.by_area).toEqual([]);
        else
          expect(figures(report.by_area, (x: { id: number }) => String(x.id))).toEqual(
            await naive(v.level, id, from, to, vc, below),
          );
      }),
      { numRuns: 25 },
    );
  }, 300_000);

  it('demo data: the demo report user sees their woreda’s weeks of reach and adoption, and drills down', async () => {
    // The demo is dated before the seed (seed-demo-activity.ts): its 12 weeks end on the seed's day.
    const seeded = await t.db.query<{ at: Date }>(
      `select done_at as at from seed_markers where name = 'demo-activity'`,
    );
    const { from, to } = defaultPeriod(reportDayOf(new Date(seeded.rows[0]?.at ?? 0)));
    const woreda = await t.db.query<{ id: number }>('select id from woredas where code = $1', [
      DEMO_PLACES.bahirDarZuria.woreda,
    ]);
    const id = Number(woreda.rows[0]?.id);
    const headers = proof.initData(DEMO_REPORTER_TELEGRAM_ID);
    const r = await t.call('GET', '/api/reports/', { headers, query: { from, to } });
    expect(r.status).toBe(200);
    const report = r.body as Report;
    expect(report.area).toMatchObject({ level: 'woreda', id });
    expect(report.totals).toEqual((await naive('woreda', id, from, to, null, 'total')).get(''));
    expect(figures(report.weeks, (w: { week: string }) => w.week)).toEqual(
      await naive('woreda', id, from, to, null, 'week'),
    );
    // Worth a look: reach in most weeks, adoption rates that differ by value chain.
    expect(report.weeks.filter((w) => w.reach > 0).length).toBeGreaterThanOrEqual(8);
    expect(report.totals.adoption).toBeGreaterThan(0);
    const rates = report.by_value_chain.filter((v) => v.reach > 0).map((v) => v.adoption / v.reach);
    expect(new Set(rates).size).toBeGreaterThanOrEqual(3);

    const kebele = await t.db.query<{ id: number }>('select id from kebeles where code = $1', [
      DEMO_PLACES.bahirDarZuria.danamariyam,
    ]);
    const row = report.by_area.find((k) => k.id === Number(kebele.rows[0]?.id));
    expect(row?.reach).toBeGreaterThan(0);
    const down = await t.call('GET', '/api/reports/', {
      headers,
      query: { level: 'kebele', area: Number(row?.id), from, to },
    });
    expect(down.status).toBe(200);
    const { farmers, groups, reach, adoption } = row as Report['by_area'][number];
    expect(down.body.totals).toEqual({ farmers, groups, reach, adoption });
  });

  it('counts what the routes record, in the same request', async () => {
    const [da] = das as [Da];
    const before = await t.call('GET', '/api/reports/', { headers: da.headers });
    expect(before.status).toBe(200);
    const group = await t.fx.group(da);
    const farmer = await t.fx.farmer(da, group);
    const body = { advisory: advisories[0]?.id, farmer, user: da.daId };
    await t.call('POST', '/api/reach-farmers/', { headers: da.headers, body });
    await t.call('POST', '/api/reach-farmers/', { headers: da.headers, body }); // a re-post counts once
    const after = await t.call('GET', '/api/reports/', { headers: da.headers });
    expect(after.body.area).toMatchObject({ level: 'kebele', id: da.area.kebele });
    const diff = (k: 'farmers' | 'groups' | 'reach') => after.body.totals[k] - before.body.totals[k];
    expect([diff('farmers'), diff('groups'), diff('reach')]).toEqual([1, 1, 1]);
  });
});
