import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { TestBackend } from '../../test/backend/test-kit/backend';
import { uniquePhone } from '../../test/backend/test-kit/fixtures';
import { xlsxBomb } from '../../test/backend/test-kit/xlsx-bomb';
import { formatCsv } from '../backend/csv';
import { SAMPLE_KINDS, SAMPLES_DIR } from '../backend/seed/samples';
import type { CliSettings } from './backend-client';
import { listeningBackend, runGebere } from './test-kit';

/** `gebere import` against a real embedded backend over HTTP, CSV and XLSX files on disk. */
describe('gebere import', () => {
  let t: TestBackend;
  let settings: CliSettings;
  let dir: string;

  beforeAll(async () => {
    ({ t, settings } = await listeningBackend());
    dir = mkdtempSync(join(tmpdir(), 'gebere-import-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  const gebere = (argv: string[]) => runGebere(argv, settings);
  const csv = (name: string, rows: string[][]) => {
    const path = join(dir, name);
    writeFileSync(path, formatCsv(rows));
    return path;
  };
  const count = async (sql: string) =>
    Number((await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`)).rows[0]?.n);
  const sample = (kind: string) => fileURLToPath(new URL(`${kind}.csv`, SAMPLES_DIR));

  it('--help lists every kind with its columns', async () => {
    const r = await gebere(['import', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'usage: gebere import <kind> <file.csv|file.xlsx> [--dry-run] [--sheet NAME] [--encoding windows-1252] [--lang en|am|om]',
    );
    expect(r.out).toMatch(/^ {2}value-chains: value chains$/m);
    expect(r.out).toMatch(/^ {4}category\* +code of its category$/m);
    expect(r.out).toMatch(/^ {4}name_am +Amharic name/m);
    for (const kind of ['roles', 'advisories', 'feedback-choices', 'roster', 'kebeles'])
      expect(r.out).toContain(`  ${kind}: `);
    expect((await gebere(['help'])).out).toContain('import <kind> <file.csv|file.xlsx>');
  });

  it('the sample files are the demo content the database was seeded with: nothing changes', async () => {
    // The suites' template database is seeded with DEMO_DATA, which imports these very rows.
    for (const kind of SAMPLE_KINDS) {
      const r = await gebere(['import', kind, sample(kind)]);
      expect(r.code, `${kind}: ${r.err}`).toBe(0);
      expect(r.out, kind).toMatch(/^Created 0, updated 0, unchanged [1-9]\d*\.$/m);
    }
  });

  it('reads XLSX: numbers, dates and multi-line cells as an operator typed them', async () => {
    const path = join(dir, 'content.xlsx');
    await writeXlsxFile(
      [
        ['code', 'sub_practice', 'level', 'area', 'label', 'template_content', 'created_at'],
        [
          'x-adv',
          'sp-teff-seed-rate',
          'region',
          'ET03',
          'From Excel',
          'One.\nTwo.',
          new Date('2025-07-01T00:00:00Z'),
        ],
      ],
      { dateFormat: 'yyyy-mm-dd' },
    ).toFile(path);
    const first = await gebere(['import', 'advisories', path]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toContain('Created 1, updated 0, unchanged 0.');
    expect((await gebere(['import', 'advisories', path])).out).toContain(
      'Created 0, updated 0, unchanged 1.',
    );
    const row = await t.db.query(
      `select template_content, iso(created_at) as c from advisories where code = 'x-adv'`,
    );
    expect(row.rows[0]).toEqual({ template_content: ['One.', 'Two.'], c: '2025-07-01T00:00:00.000000Z' });

    const phone = uniquePhone();
    const roster = join(dir, 'roster.xlsx');
    await writeXlsxFile([
      ['phone_number', 'first_name', 'father_name', 'grand_father_name', 'gender', 'kebele', 'role'],
      // A phone typed as a number loses its leading 0; it still names the DA.
      [Number(phone), 'Excel', 'Sheet', 'Row', 'male', 'ET031702888001', 'Crop DA'],
    ]).toFile(roster);
    expect((await gebere(['import', 'roster', roster])).out).toContain('Created 1, updated 0, unchanged 0.');
    expect(await count(`da_roster where phone_number = '${phone}'`)).toBe(1);
  });

  it('lists every bad row by its number, writes nothing, and exits 1', async () => {
    const path = csv('bad.csv', [
      ['code', 'category', 'name', 'name_am'],
      ['y-ok', 'cat-plant', 'Fine', ''],
      ['', '', '', ''],
      ['y-bad', 'no-such-category', 'Bad', ''],
      ['y-empty', 'cat-plant', '', 'ስም'],
    ]);
    const r = await gebere(['import', 'value-chains', path]);
    expect(r.code).toBe(1);
    expect(r.err.split('\n')).toEqual([
      'row 4, category: Not found: "no-such-category". Import the file that defines it first, or correct it.',
      'row 5, name: Required',
      `gebere: 2 rows are wrong in ${path}: nothing was imported`,
    ]);
    expect(await count(`value_chains where code like 'y-%'`)).toBe(0);
    const am = await gebere(['import', 'value-chains', path, '--lang', 'am']);
    expect(am.err.split('\n')[1]).toBe('row 5, name: ያስፈልጋል');
  });

  it("checks a long file whole and writes it in one transaction, with the file's row numbers", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`z-${i}`, `Category ${i}`, 'x'.repeat(250)]);
    rows[1000] = ['', '', '']; // a blank line: skipped, numbers after it unchanged
    (rows[1100] as string[])[1] = ''; // file row 1102
    const path = csv('long.csv', [['code', 'name', 'name_am'], ...rows]);
    const bad = await gebere(['import', 'categories', path]);
    expect(bad.code).toBe(1);
    expect(bad.err.split('\n')[0]).toBe('row 1102, name: Required');
    expect(await count(`value_chain_categories where code like 'z-%'`)).toBe(0);

    (rows[1100] as string[])[1] = 'Fixed';
    const good = await gebere([
      'import',
      'categories',
      csv('long.csv', [['code', 'name', 'name_am'], ...rows]),
    ]);
    expect(good.out).toContain('Created 1199, updated 0, unchanged 0.');
    expect(await count(`value_chain_categories where code like 'z-%'`)).toBe(1199);
  });

  it('--dry-run counts and writes nothing; a wrong header or kind is refused before sending', async () => {
    const path = csv('dry.csv', [
      ['name', 'name_am'],
      ['Dry-run role', 'ሚና'],
      ['Crop DA', 'የሰብል ልማት ሰራተኛ'],
    ]);
    const dry = await gebere(['import', 'roles', path, '--dry-run']);
    expect(dry).toMatchObject({ code: 0 });
    expect(dry.out.split('\n')).toEqual([
      `Dry run of roles from ${path}: 2 rows, all valid; nothing was written.`,
      'It would create 1, update 0, leave 1 unchanged.',
    ]);
    expect(await count(`da_roles where name = 'Dry-run role'`)).toBe(0);

    const header = await gebere(['import', 'roles', csv('typo.csv', [['nmae'], ['x']])]);
    expect(header.code).toBe(1);
    expect(header.err).toContain('row 1: unknown column(s) nmae; missing column(s) name.');
    expect((await gebere(['import', 'crops', path])).code).toBe(2);
    expect((await gebere(['import', 'roles', join(dir, 'none.csv')])).err).toBe(
      `gebere: no file ${join(dir, 'none.csv')}`,
    );
    expect((await gebere(['grants', '--dry-run'])).err).toContain('unknown option --dry-run');
    const dup = await gebere(['import', 'roles', csv('dup.csv', [['name'], ['A'], ['a ']])]);
    expect(dup.err).toContain('row 3, name: The same name as row 2: each record may appear once.');
    expect(readFileSync(path, 'utf8')).toContain('Dry-run role');
  });

  it('lists every wrong cell of every row in one run, and the choices', async () => {
    const row = (phone: string, o: Partial<Record<string, string>> = {}) => ({
      phone_number: phone,
      first_name: 'Almaz',
      father_name: 'Bekele',
      grand_father_name: 'Desta',
      gender: 'Female',
      kebele: 'ET031702888001',
      role: 'crop da',
      ...o,
    });
    const header = Object.keys(row(''));
    const rows = Array.from({ length: 12 }, () => row(`0${uniquePhone()}`));
    rows[2] = row('12345', { gender: 'x', kebele: 'ET-NOWHERE' });
    rows[5] = row(`0${uniquePhone()}`, { first_name: '', role: 'Tractor DA' });
    rows[9] = row(rows[0]?.phone_number.replace(/^0/, '+251') as string);
    const path = csv('roster-bad.csv', [
      header,
      ...rows.map((r) => header.map((h) => r[h as keyof typeof r])),
    ]);
    const r = await gebere(['import', 'roster', path]);
    expect(r.code).toBe(1);
    const lines = r.err.split('\n');
    expect(lines.slice(0, -1)).toEqual([
      'row 4, phone_number: Phone number must start with 09 or 07 and have 10 digits',
      'row 4, gender: Select a valid choice: "x" is not one of male, female.',
      'row 4, kebele: Not found: "ET-NOWHERE". Import the file that defines it first, or correct it.',
      'row 7, first_name: Required',
      expect.stringMatching(/^row 7, role: Not found: "Tractor DA"\. Use one of: .*Crop DA/),
      'row 11, phone_number: The same phone_number as row 2: each record may appear once.',
    ]);
    expect(lines.at(-1)).toBe(`gebere: 3 rows are wrong in ${path}: nothing was imported`);
    expect(await count(`da_roster where first_name = 'Almaz' and father_name = 'Bekele'`)).toBe(0);
  });

  it('reads UTF-8 with or without a BOM; refuses another encoding unless told windows-1252', async () => {
    const text = 'name,name_am\r\nTsega\u2019ab,ጸጋኣብ\r\n';
    const bom = join(dir, 'bom.csv');
    writeFileSync(bom, `\uFEFF${text}`);
    expect((await gebere(['import', 'roles', bom, '--dry-run'])).out).toContain('It would create 1,');

    // Excel's plain "CSV" on a Western Windows: Windows-1252, Amharic already lost as "?".
    const cp1252 = join(dir, 'cp1252.csv');
    writeFileSync(
      cp1252,
      Buffer.concat([Buffer.from('name,name_am\r\nTsega'), Buffer.from([0x92]), Buffer.from('ab 1252,\r\n')]),
    );
    const refused = await gebere(['import', 'roles', cp1252]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/is not UTF-8 text \(line 2 has bytes UTF-8 does not allow\)/);
    expect(refused.err).toContain('"CSV UTF-8 (Comma delimited) (*.csv)"');
    expect(refused.err).toContain('--encoding windows-1252');
    const read = await gebere(['import', 'roles', cp1252, '--encoding', 'windows-1252']);
    expect(read).toMatchObject({ code: 0, err: '' });
    expect(await count(`da_roles where name = 'Tsega\u2019ab 1252'`)).toBe(1);

    const lost = join(dir, 'lost.csv');
    writeFileSync(lost, 'name,name_am\r\nLost letters,?????\r\n');
    expect((await gebere(['import', 'roles', lost])).err).toMatch(/^row 2, name_am: Letters were lost/m);

    const utf16 = join(dir, 'utf16.csv');
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\r\n', 'utf16le')]));
    expect((await gebere(['import', 'roles', utf16])).err).toMatch(/is UTF-16 text/);
    expect((await gebere(['import', 'roles', bom, '--encoding', 'latin-9'])).code).toBe(2);
  });

  it('an XLSX workbook of several sheets needs --sheet, and the error names them', async () => {
    const path = join(dir, 'two-sheets.xlsx');
    await writeXlsxFile([
      { sheet: 'Roles', data: [['name'], ['Sheet role one']] },
      { sheet: 'Notes', data: [['name'], ['Sheet role two']] },
    ]).toFile(path);
    const refused = await gebere(['import', 'roles', path]);
    expect(refused.code).toBe(2);
    expect(refused.err.split('\n')[0]).toBe(
      `gebere: ${path} has 2 sheets ("Roles", "Notes"): say which to import with --sheet NAME`,
    );
    expect(await count(`da_roles where name like 'Sheet role%'`)).toBe(0);
    expect((await gebere(['import', 'roles', path, '--sheet', 'notes'])).out).toContain('Created 1,');
    expect(await count(`da_roles where name = 'Sheet role two'`)).toBe(1);
    expect((await gebere(['import', 'roles', path, '--sheet', 'Other'])).err.split('\n')[0]).toBe(
      `gebere: ${path} has no sheet "Other": its sheets are "Roles", "Notes"`,
    );
  });

  it('refuses a zip bomb from its directory, before inflating it', async () => {
    const path = join(dir, 'bomb.xlsx');
    writeFileSync(path, await xlsxBomb(256 * 1024 * 1024));
    const r = await gebere(['import', 'roster', path]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `gebere: ${path} unpacks to 256 MB of spreadsheet data: an import takes at most 64 MB (about 100,000 rows); split it, or save it as CSV UTF-8`,
    );
    // A part that claims to be small is inflated into a buffer of that size, no more.
    writeFileSync(path, await xlsxBomb(64 * 1024 * 1024, 4096));
    const liar = await gebere(['import', 'roster', path]);
    expect(liar.code).toBe(1);
    expect(liar.err).toMatch(
      /^gebere: .*bomb\.xlsx (is not a readable \.xlsx workbook|has no rows below its header)/,
    );
  }, 60_000);

  it('takes a relative path from where the operator ran the command, and names the path it tried', async () => {
    const sub = join(dir, 'from-here');
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, 'roles.csv'), 'name\r\nRelative role\r\n');
    const here = { cwd: sub, npmBanner: false };
    expect((await runGebere(['import', 'roles', 'roles.csv'], settings, here)).out).toContain(
      `Imported roles from ${join(sub, 'roles.csv')}: 1 rows, in one transaction.`,
    );
    const missing = await runGebere(['import', 'roles', 'nope/roles.csv'], settings, here);
    expect(missing).toMatchObject({ code: 2, err: `gebere: no file ${join(sub, 'nope', 'roles.csv')}` });
  });
});
