import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { TestBackend } from '../../test/backend/test-kit/backend';
import { uniquePhone } from '../../test/backend/test-kit/fixtures';
import { formatCsv } from '../backend/seed/csv';
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
    expect(r.out).toContain('usage: gebere import <kind> <file.csv|file.xlsx> [--dry-run] [--lang en|am|om]');
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

  it("sends a long file in batches, checked as a whole first, with the file's row numbers", async () => {
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
    expect((await gebere(['import', 'roles', join(dir, 'none.csv')])).err).toContain('no file');
    expect((await gebere(['grants', '--dry-run'])).err).toContain('unknown option --dry-run');
    const dup = await gebere(['import', 'roles', csv('dup.csv', [['name'], ['A'], ['A']])]);
    expect(dup.err).toContain('row 3, name: the same as row 2');
    expect(readFileSync(path, 'utf8')).toContain('Dry-run role');
  });
});
