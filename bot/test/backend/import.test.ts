import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import { uniquePhone } from './test-kit/fixtures';

type Rows = Record<string, string>[];

describeOnDatabases('operator import (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
  });
  afterAll(() => t?.close());

  const post = (k: string, rows: Rows, o: { dry_run?: boolean; first_row?: number; lang?: string } = {}) =>
    t.call('POST', `/api/import/${k}/`, {
      headers: { ...proof.service(), ...(o.lang ? { 'accept-language': o.lang } : {}) },
      body: { rows, first_row: o.first_row ?? 2, ...(o.dry_run === undefined ? {} : { dry_run: o.dry_run }) },
    });
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]?.n);

  const hierarchy: Array<[string, Rows]> = [
    ['roles', [{ name: 'Test role', name_am: 'የሙከራ ሚና' }]],
    ['categories', [{ code: 't-cat', name: 'Test category', name_am: '' }]],
    ['value-chains', [{ code: 't-vc', category: 't-cat', name: 'Test chain', name_am: 'ሰንሰለት' }]],
    ['practices', [{ code: 't-pr', value_chain: 't-vc', name: 'Test practice', name_am: 'ተግባር' }]],
    ['sub-practices', [{ code: 't-sp', practice: 't-pr', name: 'Test sub-practice', name_am: 'ንዑስ' }]],
    [
      'advisories',
      [
        {
          code: 't-adv',
          sub_practice: 't-sp',
          level: 'zone',
          area: 'ET0313',
          label: 'Test advisory',
          label_am: 'የሙከራ ምክር',
          template_content: 'First paragraph.\nSecond paragraph.',
          template_content_am: 'አንደኛ።',
          created_at: '2025-06-02',
        },
      ],
    ],
    [
      'feedback-questions',
      [
        {
          code: 't-fq',
          advisory: 't-adv',
          position: '0',
          type: 'SELECT_ONE',
          question: 'Useful?',
          question_am: 'ጠቃሚ?',
        },
      ],
    ],
    [
      'feedback-choices',
      [
        { question: 't-fq', position: '0', name: 'Yes', name_am: 'አዎ' },
        { question: 't-fq', position: '1', name: 'No', name_am: 'አይ' },
      ],
    ],
  ];

  it('imports each level of the content by code, then a second import changes nothing', async () => {
    for (const [k, rows] of hierarchy) {
      const first = await post(k, rows);
      expect(first, k).toMatchObject({
        status: 200,
        body: { kind: k, dry_run: false, created: rows.length },
      });
      const again = await post(k, rows);
      expect(again.body, k).toEqual({
        kind: k,
        dry_run: false,
        created: 0,
        updated: 0,
        unchanged: rows.length,
      });
    }
    const adv = await t.db.query(
      `select a.level, a.zone_id, a.region_id, a.template_content, a.template_content_am, iso(a.created_at) as created_at,
         a.value_chain_id = v.id as vc_ok
       from advisories a join value_chains v on v.code = 't-vc' where a.code = 't-adv'`,
    );
    expect(adv.rows[0]).toMatchObject({
      level: 'zone',
      region_id: null,
      template_content: ['First paragraph.', 'Second paragraph.'],
      template_content_am: ['አንደኛ።'],
      created_at: '2025-06-02T00:00:00.000000Z',
      vc_ok: true,
    });
    // The public lists serve what was imported.
    const chain = await t.db.query<{ id: number }>(
      `select id from value_chain_categories where code = 't-cat'`,
    );
    const vcs = await t.call('GET', `/api/value-chains/${chain.rows[0]?.id}/`, {
      query: { paginate: 'false' },
    });
    expect(vcs.body).toEqual([expect.objectContaining({ name: 'Test chain', name_am: 'ሰንሰለት' })]);
    const ids = await t.db.query<{ sub: number; zone: number }>(
      `select (select id from sub_practices where code = 't-sp') as sub,
         (select id from zones where code = 'ET0313') as zone`,
    );
    const advisories = await t.call('GET', '/api/advisory/', {
      query: { sub_practice: Number(ids.rows[0]?.sub), location: `zone,${ids.rows[0]?.zone}` },
    });
    expect(advisories.body).toMatchObject({
      results: [{ label: 'Test advisory', label_am: 'የሙከራ ምክር', template_content_am: ['አንደኛ።'] }],
    });

    // A changed row is updated (and only it); an empty created_at keeps the stored time.
    const changed = await post('advisories', [
      { ...(hierarchy[5]?.[1][0] as Record<string, string>), label: 'Renamed', created_at: '' },
    ]);
    expect(changed.body).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    expect(
      (await t.db.query(`select label, iso(created_at) as c from advisories where code = 't-adv'`)).rows[0],
    ).toEqual({ label: 'Renamed', c: '2025-06-02T00:00:00.000000Z' });
  });

  it('imports the Oromo texts; a file without their columns keeps them, an empty cell clears one', async () => {
    const advisory = {
      ...(hierarchy[5]?.[1][0] as Record<string, string>),
      code: 't-adv-om',
      label_om: 'Gorsa yaalii',
      template_content_om: 'Keeyyata tokkoffaa.\nKeeyyata lammaffaa.',
    };
    expect((await post('advisories', [advisory])).body).toMatchObject({ created: 1 });
    expect(
      (
        await post('sub-practices', [
          { code: 't-sp', practice: 't-pr', name: 'Test sub-practice', name_om: 'Xiqqaa' },
        ])
      ).body,
    ).toMatchObject({ updated: 1 });
    const ids = await t.db.query<{ sub: number; zone: number }>(
      `select (select id from sub_practices where code = 't-sp') as sub, (select id from zones where code = 'ET0313') as zone`,
    );
    const served = await t.call('GET', '/api/advisory/', {
      query: { sub_practice: Number(ids.rows[0]?.sub), location: `zone,${ids.rows[0]?.zone}` },
    });
    expect((served.body as { results: unknown[] }).results).toContainEqual(
      expect.objectContaining({
        label_om: 'Gorsa yaalii',
        template_content_om: ['Keeyyata tokkoffaa.', 'Keeyyata lammaffaa.'],
        sub_practice_name_om: 'Xiqqaa',
      }),
    );
    // The older file, without label_om and template_content_om: nothing changes.
    const { label_om: _, template_content_om: __, ...older } = advisory;
    expect((await post('advisories', [older])).body).toMatchObject({ unchanged: 1 });
    expect((await post('advisories', [{ ...advisory, label_om: '' }])).body).toMatchObject({ updated: 1 });
    expect(
      (await t.db.query(`select label_om, template_content_om from advisories where code = 't-adv-om'`))
        .rows[0],
    ).toEqual({ label_om: null, template_content_om: ['Keeyyata tokkoffaa.', 'Keeyyata lammaffaa.'] });
    // A roles file with only the Oromo names keeps the Amharic ones.
    await post('roles', [{ name: 'Test role', name_om: 'Gahee yaalii' }]);
    expect(await count(`da_roles where name_am = 'የሙከራ ሚና' and name_om = 'Gahee yaalii'`)).toBe(1);
  });

  it('a dry run answers the counts and writes nothing', async () => {
    const rows = [{ code: 't-dry', name: 'Dry', name_am: '' }];
    expect((await post('categories', rows, { dry_run: true })).body).toEqual({
      kind: 'categories',
      dry_run: true,
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    expect(await count(`value_chain_categories where code = 't-dry'`)).toBe(0);
  });

  it('names each bad row by its file row number, in the caller language, and writes nothing', async () => {
    const rows: Rows = [
      { code: 't-ok', category: 'cat-plant', name: 'Fine', name_am: '' },
      { code: 't-bad', category: 'no-such-cat', name: '', name_am: '' },
      { code: 't-ok', category: 'cat-plant', name: 'Again', name_am: '' },
      { code: 't-x', category: 'cat-plant', name: 'X', colour: 'red' },
    ];
    const en = await post('value-chains', rows, { first_row: 10 });
    expect(en).toMatchObject({ status: 400 });
    // Every wrong cell of every row, a wrong reference beside a wrong cell of the same row too.
    expect(en.body).toEqual({
      'row 11.category': ['Not found: "no-such-cat". Import the file that defines it first, or correct it.'],
      'row 11.name': ['Required'],
      'row 12.code': ['The same code as row 10: each record may appear once.'],
      'row 13.colour': ['This field is not allowed.'],
    });
    const ref = await post('value-chains', [
      rows[0] as Record<string, string>,
      { ...rows[1], name: 'B' } as Record<string, string>,
    ]);
    expect(ref.body).toEqual({
      'row 3.category': ['Not found: "no-such-cat". Import the file that defines it first, or correct it.'],
    });
    const am = await post('value-chains', [{ ...rows[1], name: 'B' } as Record<string, string>], {
      lang: 'am',
    });
    expect(am.body).toEqual({
      'row 2.category': ['"no-such-cat" አልተገኘም። መጀመሪያ እሱን የሚገልጸውን ፋይል ያስገቡ ወይም ያርሙት።'],
    });
    expect(await count(`value_chains where code in ('t-ok', 't-bad', 't-x')`)).toBe(0);

    const adv = await post(
      'advisories',
      [
        {
          code: 't-a2',
          sub_practice: 'sp-teff-seed-rate',
          level: 'country',
          area: 'ET03',
          created_at: '2 June',
        },
      ],
      { lang: 'am' },
    );
    expect(adv.body).toEqual({
      'row 2.level': [
        'ትክክለኛ ምርጫ ይምረጡ፦ "country" ከእነዚህ አንዱ አይደለም፦ region (ክልል), zone (ዞን), woreda (ወረዳ), kebele (ቀበሌ)።',
      ],
      'row 2.created_at': ['እንደ 2025-06-02 ያለ ቀን ወይም እንደ 2025-06-02T07:30:00Z ያለ ሰዓት ያስገቡ።'],
    });
    const roster = await post('roster', [
      {
        phone_number: '12345',
        first_name: 'A',
        father_name: 'B',
        grand_father_name: 'C',
        gender: 'x',
        kebele: 'ET031702888001',
        role: 'Nope',
      },
    ]);
    expect(roster.body).toEqual({
      'row 2.phone_number': ['Phone number must start with 09 or 07 and have 10 digits'],
      'row 2.gender': ['Select a valid choice: "x" is not one of male, female.'],
      'row 2.role': [
        'Not found: "Nope". Use one of: Cooperative, Crop DA, Livestock DA, Natural Resource DA, Supervisor, Test role.',
      ],
    });
  });

  const rosterRow = (o: Partial<Record<string, string>> = {}) => ({
    phone_number: `0${uniquePhone()}`,
    first_name: 'Tsega',
    father_name: 'Abebe',
    grand_father_name: 'Kebede',
    gender: 'female',
    kebele: 'ET031702888001',
    role: 'Crop DA',
    ...o,
  });

  it('reads choices by their names in en, am and om, any case, and role names in any case', async () => {
    const words = ['Female', 'F', 'ሴት', 'Dubartii', 'Dhalaa', 'FEMALE', ' male ', 'M', 'ወንድ', 'Dhiira'];
    const rows = words.map((gender, i) =>
      rosterRow({ gender, role: ['crop da', 'CROP DA', ' Crop DA ', 'የሰብል ልማት ሰራተኛ'][i % 4] }),
    );
    const r = await post('roster', rows);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ created: rows.length });
    const stored = await t.db.query<{ sex: string; role: string }>(
      `select r.sex, d.name as role from da_roster r join da_roles d on d.id = r.role_id
       where r.phone_number = any($1::text[]) order by r.id`,
      [rows.map((x) => x.phone_number.slice(1))],
    );
    expect(stored.rows.map((x) => x.sex)).toEqual([...Array(6).fill('female'), ...Array(4).fill('male')]);
    expect(new Set(stored.rows.map((x) => x.role))).toEqual(new Set(['Crop DA']));
    // The same role in another case is that role, not a second one.
    expect((await post('roles', [{ name: 'crop da', name_am: 'የሰብል ልማት ሰራተኛ' }])).body).toMatchObject({
      created: 0,
      unchanged: 1,
    });
    const level = await post('advisories', [
      { code: 't-lvl-1', sub_practice: 'sp-teff-seed-rate', level: 'Region', area: 'ET03' },
      { code: 't-lvl-2', sub_practice: 'sp-teff-seed-rate', level: 'ዞን', area: 'ET0313' },
    ]);
    expect(level.body).toMatchObject({ created: 2 });
    expect(
      (await t.db.query(`select level from advisories where code like 't-lvl-%' order by code`)).rows,
    ).toEqual([{ level: 'region' }, { level: 'zone' }]);
  });

  it('catches a repeated record across the whole file by its normalised key, whatever its spelling', async () => {
    // Row 31 and row 621, past the 500 rows one request used to carry: one DA, two spellings.
    const phone = uniquePhone();
    const rows = Array.from({ length: 620 }, () => rosterRow());
    rows[29] = rosterRow({ phone_number: `0${phone}` });
    rows[619] = rosterRow({ phone_number: `+251${phone}`, kebele: 'ET031704888002' });
    const r = await post('roster', rows);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      'row 621.phone_number': ['The same phone_number as row 31: each record may appear once.'],
    });
    expect(await count('da_roster where phone_number = $1', [phone])).toBe(0);
    rows[619] = rosterRow();
    expect((await post('roster', rows)).body).toMatchObject({ created: 620, updated: 0 });
  });

  it('lists the first 50 wrong cells, then how many more; skips blank rows, keeping the numbers', async () => {
    const rows: Rows = Array.from({ length: 80 }, (_, i) => ({ code: `t-many-${i}`, name: '' }));
    rows.splice(3, 0, {}, { code: ' ', name: '' });
    const r = await post('categories', rows);
    expect(r.status).toBe(400);
    const keys = Object.keys(r.body);
    expect(keys).toHaveLength(51);
    expect(keys.slice(0, 4)).toEqual(['row 2.name', 'row 3.name', 'row 4.name', 'row 7.name']);
    expect(r.body.non_field_errors).toEqual(['Not listed here: more wrong cells (30) in further rows (30).']);
  });

  it('refuses letters a file lost on the way: "?" runs and U+FFFD', async () => {
    const r = await post('roster', [
      rosterRow({ first_name: '?????' }),
      rosterRow({ father_name: 'Tsega\uFFFDab' }),
    ]);
    expect(Object.keys(r.body)).toEqual(['row 2.first_name', 'row 3.father_name']);
    expect(r.body['row 2.first_name'][0]).toMatch(/save it as "CSV UTF-8"/);
  });

  it('never answers 5xx to odd cells: NUL, year 0, huge positions, JSON-looking text', async () => {
    const base = { code: 't-odd', sub_practice: 'sp-teff-seed-rate', level: 'region', area: 'ET03' };
    for (const [row, field] of [
      [{ ...base, label: 'a\u0000b' }, 'label'],
      [{ ...base, created_at: '0000-01-01' }, 'created_at'],
      [{ ...base, created_at: '2025-02-30' }, 'created_at'],
    ] as const) {
      const r = await post('advisories', [row]);
      expect(r.status, JSON.stringify(row)).toBe(400);
      expect(Object.keys(r.body)).toEqual([`row 2.${field}`]);
    }
    const q = await post('feedback-questions', [
      {
        code: 't-odd-q',
        advisory: 'adv-teff-seed-rate-amhara-2025',
        position: '99999999999',
        type: 'TEXT',
        question: '{"a":1}',
      },
    ]);
    expect(q.body).toEqual({ 'row 2.position': ['Ensure this value is less than or equal to 1000000.'] });
    expect(await count(`advisories where code = 't-odd'`)).toBe(0);
  });

  it('refuses anyone but the operator, and an unknown kind', async () => {
    const user = await t.fx.user();
    expect(
      (
        await t.call('POST', '/api/import/roles/', {
          headers: user.headers,
          body: { rows: [{ name: 'x' }], first_row: 2 },
        })
      ).status,
    ).toBe(403);
    expect((await post('nonsense', [{ name: 'x' }])).status).toBe(404);
  });

  it('refreshes admin areas, keeping an Amharic name the file leaves empty', async () => {
    // The shipped name is አማራ (names-am.csv): an operator's file may give another.
    expect(
      (await post('regions', [{ code: 'ET03', name: 'Amhara', name_am: 'አማራ ክልል' }])).body,
    ).toMatchObject({ updated: 1 });
    expect((await post('regions', [{ code: 'ET03', name: 'Amhara', name_am: '' }])).body).toMatchObject({
      unchanged: 1,
    });
    expect(
      (await post('zones', [{ code: 'ET03T1', region_code: 'ET03', name: 'Test zone' }])).body,
    ).toMatchObject({
      created: 1,
    });
    expect(
      (
        await t.db.query(
          `select r.name_am from zones z join regions r on r.id = z.region_id where z.code = 'ET03T1'`,
        )
      ).rows[0],
    ).toEqual({ name_am: 'አማራ ክልል' });
  });

  it('serves a roster DA through /development-agents/ to its own phone only, until a profile exists', async () => {
    const phone = uniquePhone();
    const row = {
      phone_number: `0${phone}`,
      first_name: 'Roster',
      father_name: 'Listed',
      grand_father_name: 'Imported',
      gender: 'female',
      kebele: 'ET031702888001',
      role: 'Crop DA',
    };
    expect((await post('roster', [row])).body).toMatchObject({ created: 1 });
    expect((await post('roster', [row])).body).toMatchObject({ unchanged: 1 });
    const owner = await t.fx.user(`+251${phone}`);
    const other = await t.fx.user(`+251${uniquePhone()}`);
    const found = await t.call('GET', '/development-agents/', {
      headers: owner.headers,
      query: { phone_number: `0${phone}`, paginate: 'false' },
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      expect.objectContaining({
        first_name: 'Roster',
        phone_number: phone,
        telegram_phone_number: phone,
        sex: 'female',
        created_by: null,
        specialization: 'Crop DA',
      }),
    ]);
    const rosterId = found.body[0].id as number;
    expect(rosterId).toBeGreaterThanOrEqual(1e9);
    expect(
      (
        await t.call('GET', '/development-agents/', {
          headers: other.headers,
          query: { phone_number: phone },
        })
      ).status,
    ).toBe(403);
    // The update_outbound form: the update 404s (no such profile), so it registers.
    const put = await t.call('PUT', `/api/da-profiles/${rosterId}/`, {
      headers: owner.headers,
      body: t.fx.daBody(owner, phone),
    });
    expect(put.status).toBe(404);
    const created = await t.call('POST', '/api/da-profiles/', {
      headers: owner.headers,
      body: t.fx.daBody(owner, phone),
    });
    expect(created.status).toBe(201);
    const after = await t.call('GET', '/development-agents/', {
      headers: owner.headers,
      query: { phone_number: phone, paginate: 'false' },
    });
    expect(after.body.map((d: { id: number }) => d.id)).toEqual([created.body.id]);
  });
});
