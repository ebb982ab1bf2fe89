// An operator's imports on a fresh PostgreSQL with DEMO_DATA unset, with the mistakes a regional
// bureau's files really have: every wrong cell listed once with its row and nothing written, the
// choices named, a Windows-1252 file refused or read with --encoding, a duplicate DA 590 rows
// apart caught, the database's connection killed part-way through a 3,000-row file leaving
// nothing (then the same command completing it), a workbook of two sheets refused without
// --sheet, and a zip bomb refused before it is inflated, the real entry's memory staying low.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openPostgres } from '@gebere/bot/backend';
import { type CliSettings, runCli, settingsFromConfig } from '@gebere/bot/cli';
import { withSharedSecrets } from '@gebere/bot/config';
import { postgresSkipReason, postgresUrl, xlsxBomb } from '@gebere/bot/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { type Product, ROOT, startProduct } from './test-kit';

const SAMPLES = join(ROOT, 'bot', 'src', 'backend', 'seed', 'samples');
const HEADER = ['phone_number', 'first_name', 'father_name', 'grand_father_name', 'gender', 'kebele', 'role'];
const KEBELES = ['ET031702888001', 'ET031704888002'];

async function gebere(argv: string[], settings: CliSettings) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: { out: (l) => out.push(l), err: (l) => err.push(l) },
    settings: () => settings,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function dbUrl(name: string): string {
  const url = new URL(postgresUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string) {
  const c = openPostgres({ connectionString: postgresUrl(), max: 1 });
  try {
    await c.exec(sql);
  } finally {
    await c.close();
  }
}

/** A roster row; `n` makes its phone (`09115nnnnn`) and names unique. */
const rosterRow = (n: number, o: Partial<Record<(typeof HEADER)[number], string>> = {}) => {
  const r: Record<string, string> = {
    phone_number: `09115${String(n).padStart(5, '0')}`,
    first_name: `Almaz${n}`,
    father_name: 'Bekele',
    grand_father_name: 'Desta',
    gender: 'female',
    kebele: KEBELES[n % 2] as string,
    role: 'Crop DA',
    ...o,
  };
  return HEADER.map((h) => r[h] as string);
};
const csvText = (rows: string[][]) =>
  `${[HEADER, ...rows].map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n')}\r\n`;

describe.skipIf(postgresSkipReason)("an operator's imports on a fresh PostgreSQL", () => {
  const database = `gebere_imports_${randomBytes(4).toString('hex')}`;
  let work: string;
  let product: Product | undefined;
  let settings: CliSettings;
  let db: Db;
  /** Roster rows of this file's phones (09115…, stored without the 0). */
  const roster = async () =>
    Number(
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from da_roster where phone_number like '9115%'",
        )
      ).rows[0]?.n,
    );
  const file = async (name: string, content: string | Buffer) => {
    const path = join(work, name);
    await writeFile(path, content);
    return path;
  };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'gebere-operator-imports-'));
    await admin(`create database ${database}`);
    product = await startProduct({ DATABASE_URL: dbUrl(database), DEMO_DATA: '' });
    settings = settingsFromConfig(await withSharedSecrets(product.config));
    db = openPostgres({ connectionString: dbUrl(database), max: 2 });
    const roles = await gebere(['import', 'roles', join(SAMPLES, 'roles.csv')], settings);
    expect(roles.err).toBe('');
  }, 180_000);

  afterAll(async () => {
    await db?.close();
    await product?.close();
    await admin(`drop database if exists ${database} with (force)`);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('a file with many mistakes: each wrong cell once, with its row and the choices; nothing written', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => rosterRow(i));
    // What people type and the file's words accept: names in en/am/om, initials, any case.
    rows[1] = rosterRow(1, { gender: 'Female', role: 'crop da' });
    rows[2] = rosterRow(2, { gender: 'F' });
    rows[3] = rosterRow(3, { gender: 'ሴት', role: 'CROP DA' });
    rows[4] = rosterRow(4, { gender: 'Dubartii' });
    rows[5] = rosterRow(5, { gender: 'M' });
    // And the mistakes.
    rows[6] = rosterRow(6, { gender: 'woman', kebele: 'ET99' });
    rows[7] = rosterRow(7, { first_name: '', role: 'Tractor DA' });
    rows[8] = rosterRow(8, { first_name: '?????' });
    rows[10] = rosterRow(0, { phone_number: '+251911500000' });
    rows[11] = rosterRow(11, { phone_number: '12345' });
    const path = await file('roster-mistakes.csv', csvText(rows));
    const r = await gebere(['import', 'roster', path], settings);
    expect(r.code).toBe(1);
    const lines = r.err.split('\n');
    expect(lines.slice(0, -1)).toEqual([
      'row 8, gender: Select a valid choice: "woman" is not one of male, female.',
      'row 8, kebele: Not found: "ET99". Import the file that defines it first, or correct it.',
      'row 9, first_name: Required',
      'row 9, role: Not found: "Tractor DA". Use one of: Cooperative, Crop DA, Livestock DA, Natural Resource DA, Supervisor.',
      expect.stringMatching(/^row 10, first_name: Letters were lost before this file reached us/),
      'row 12, phone_number: The same phone_number as row 2: each record may appear once.',
      'row 13, phone_number: Phone number must start with 09 or 07 and have 10 digits',
    ]);
    expect(lines.at(-1)).toBe(`gebere: 5 rows are wrong in ${path}: nothing was imported`);
    expect(await roster()).toBe(0);

    const fixed = rows.filter((_, i) => i < 6 || i === 9);
    const good = await gebere(['import', 'roster', await file('roster-fixed.csv', csvText(fixed))], settings);
    expect(good.err).toBe('');
    expect(good.out).toContain('Created 7, updated 0, unchanged 0.');
    const sexes = await db.query<{ sex: string }>(
      "select sex from da_roster where phone_number like '9115%' order by phone_number",
    );
    expect(sexes.rows.map((x) => x.sex)).toEqual([
      'female',
      'female',
      'female',
      'female',
      'female',
      'male',
      'female',
    ]);
    await db.query("delete from da_roster where phone_number like '9115%'");
  });

  it('a Windows-1252 file is refused with how to save it as CSV UTF-8, or read with --encoding', async () => {
    // Excel's plain "CSV" on a Western Windows: Windows-1252, where ’ is the byte 0x92.
    const bytes = Buffer.from(csvText([rosterRow(20, { first_name: 'Tsega~ab' })]), 'latin1');
    bytes[bytes.indexOf('~')] = 0x92;
    const path = await file('roster-1252.csv', bytes);
    const refused = await gebere(['import', 'roster', path], settings);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is not UTF-8 text (line 2 has bytes UTF-8 does not allow)');
    expect(refused.err).toContain('"CSV UTF-8 (Comma delimited) (*.csv)"');
    expect(await roster()).toBe(0);
    const read = await gebere(['import', 'roster', path, '--encoding', 'windows-1252'], settings);
    expect(read.err).toBe('');
    const stored = await db.query("select first_name from da_roster where phone_number = '911500020'");
    expect(stored.rows).toEqual([{ first_name: 'Tsega\u2019ab' }]);
    await db.query("delete from da_roster where phone_number like '9115%'");
  });

  it('the same DA 590 rows apart, in two spellings, is caught; the file writes nothing', async () => {
    const rows = Array.from({ length: 620 }, (_, i) => rosterRow(100 + i));
    rows[29] = rosterRow(29, { phone_number: '0911500029' });
    rows[619] = rosterRow(619, { phone_number: '+251911500029', kebele: KEBELES[1] as string });
    const path = await file('roster-620.csv', csvText(rows));
    const dry = await gebere(['import', 'roster', path, '--dry-run'], settings);
    expect(dry.code).toBe(1);
    const r = await gebere(['import', 'roster', path], settings);
    expect(r.code).toBe(1);
    expect(r.err.split('\n')).toEqual([
      'row 621, phone_number: The same phone_number as row 31: each record may appear once.',
      `gebere: 1 row is wrong in ${path}: nothing was imported`,
    ]);
    expect(await roster()).toBe(0);
  });

  it("the database's connection killed part-way through 3,000 rows: nothing is written; again completes it", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => rosterRow(1000 + i));
    const path = await file('roster-3000.csv', csvText(rows));
    // Row 2,502 (the second statement of the import's transaction) waits on a row this
    // connection inserted and holds: the import has then written 2,000 rows it has not committed.
    const holder = openPostgres({ connectionString: dbUrl(database), max: 1 });
    const blocked = `9115${String(1000 + 2500).padStart(5, '0')}`;
    try {
      await holder.transaction(async (tx) => {
        await tx.query(
          `insert into da_roster (phone_number, first_name, father_name, grand_father_name, sex, kebele_id, role_id)
           select $1, 'Held', 'By', 'Test', 'male', (select id from kebeles where code = $2),
                  (select id from da_roles where name = 'Crop DA')`,
          [blocked, KEBELES[0]],
        );
        const running = gebere(['import', 'roster', path], settings);
        const pid = await waitFor(async () => {
          const r = await db.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'
               and query ilike '%insert into da_roster%'`,
            [database],
          );
          return r.rows[0]?.pid;
        });
        // It has written (a transaction id), and not committed.
        const wrote = await db.query(
          'select backend_xid is not null as wrote from pg_stat_activity where pid = $1',
          [pid],
        );
        expect(wrote.rows).toEqual([{ wrote: true }]);
        await db.query('select pg_terminate_backend($1)', [pid]);
        const r = await running;
        expect(r.code).toBe(1);
        expect(r.err).toMatch(
          /^gebere: the import of .*roster-3000\.csv did not complete: the server answered 503 \(.*\)\. It runs in one transaction, so none of its 3000 rows were written\. Run the same command again once the server is ready\.$/,
        );
        throw new RollBack();
      });
    } catch (err) {
      if (!(err instanceof RollBack)) throw err;
    } finally {
      await holder.close();
    }
    expect(await roster()).toBe(0);
    const again = await gebere(['import', 'roster', path], settings);
    expect(again.err).toBe('');
    expect(again.out).toContain('Created 3000, updated 0, unchanged 0.');
    expect(await roster()).toBe(3000);
  }, 120_000);

  it('a workbook of two sheets is refused without --sheet, naming them; --sheet reads that one', async () => {
    const path = join(work, 'roster-book.xlsx');
    await writeXlsxFile([
      { sheet: 'Read me', data: [['This workbook holds the roster on its second sheet.']] },
      { sheet: 'DAs', data: [HEADER, rosterRow(5000)] },
    ]).toFile(path);
    const refused = await gebere(['import', 'roster', path], settings);
    expect(refused.code).toBe(2);
    expect(refused.err.split('\n')[0]).toBe(
      `gebere: ${path} has 2 sheets ("Read me", "DAs"): say which to import with --sheet NAME`,
    );
    const read = await gebere(['import', 'roster', path, '--sheet', 'DAs'], settings);
    expect(read.out).toContain('Created 1, updated 0, unchanged 0.');
  });

  it('a zip bomb is refused before it is inflated: the real entry stays small', async () => {
    // 1 GiB of sheet in about 1 MB of file: its directory says so, and nothing is inflated.
    const path = await file('roster-bomb.xlsx', await xlsxBomb(1024 * 1024 * 1024));
    const { config } = product as Product;
    const child = spawn(
      process.execPath,
      [
        '--import',
        // The peak of this process's own memory. Not resourceUsage().maxRSS: Linux carries the
        // parent's peak across fork and exec into it, so a large test worker would count.
        `data:text/javascript,import{readFileSync}from'node:fs';process.on('exit',()=>process.stderr.write('peak-kb='+/VmHWM:\\s*(\\d+)/.exec(readFileSync('/proc/self/status','utf8'))[1]+'\\n'))`,
        '--import',
        'tsx',
        join(ROOT, 'bot', 'src', 'cli', 'main.ts'),
        'import',
        'roster',
        path,
      ],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(config.port),
          DATA_DIR: config.dataDir,
          DATABASE_URL: dbUrl(database),
        },
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(
      `gebere: ${path} unpacks to 1024 MB of spreadsheet data: an import takes at most 64 MB`,
    );
    const peak = Number(/peak-kb=(\d+)/.exec(stderr)?.[1]) * 1024;
    // Node, tsx and the command line alone take about 160 MB here; inflating the sheet, 1 GiB more.
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(320 * 1024 * 1024);
  }, 120_000);
});

class RollBack extends Error {}

/** Polls until `probe` answers something (an event in another process), within 30 s. */
async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
