import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { proof, TEST_AUTH } from '../../test/backend/test-kit/auth-headers';
import type { TestBackend } from '../../test/backend/test-kit/backend';
import { fingerprint } from '../../test/backend/test-kit/fingerprint';
import { postgresSkipReason, postgresUrl } from '../../test/backend/test-kit/postgres';
import { pgliteDb } from '../backend/db/pglite';
import { openPostgres } from '../backend/db/postgres';
import type { CliSettings } from './backend-client';
import { listeningBackend, runGebere } from './test-kit';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A loopback address nothing listens on: "the server is stopped". */
async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/backend`;
}

const work = mkdtempSync(join(tmpdir(), 'gebere-cli-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const gebere = runGebere;

describe('gebere export, backup and restore against a running server (PGlite)', () => {
  let t: TestBackend;
  let settings: CliSettings;
  let stopped: string;
  let kebeleFarmers: number;

  beforeAll(async () => {
    ({ t, settings } = await listeningBackend());
    settings = { ...settings, dataDir: join(work, 'data') };
    stopped = await closedUrl();
    const da = await t.fx.da();
    const group = await t.fx.group(da, 'ተስፋ ቡድን');
    await t.fx.farmer(da, group, 'አበበ');
    await t.fx.farmer(da, group, 'Almaz, "Alem"');
    const r = await t.db.query<{ n: number }>('select count(*)::int as n from farmers where kebele_id = $1', [
      t.fx.area.kebele,
    ]);
    kebeleFarmers = Number(r.rows[0]?.n);
  });
  afterAll(() => t?.close());

  it('export writes what the server streams to --out, or to stdout, with the filters', async () => {
    const kebele = String(t.fx.area.kebele);
    const served = await t.call('GET', '/ops/export/farmers.csv', {
      headers: proof.service(),
      query: { kebele, from: '2000-01-01' },
    });
    expect(served.status).toBe(200);
    const file = join(work, 'farmers.csv');
    const toFile = await gebere(
      ['export', 'farmers', '--kebele', kebele, '--from=2000-01-01', '--out', file],
      settings,
    );
    expect(toFile).toMatchObject({ code: 0, err: '' });
    expect(toFile.out).toBe(`Wrote ${kebeleFarmers} rows of farmers to ${file}.`);
    const written = readFileSync(file);
    expect(written).toEqual(served.raw.rawPayload);
    expect(written.toString('utf8')).toContain('አበበ');
    expect(written.toString('utf8')).toContain('"Almaz, ""Alem"""');
    expect(readdirSync(work).filter((f) => f.endsWith('.part'))).toEqual([]);
    // It holds farmers' names and phones: the operator's account alone reads it.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const toStdout = await gebere(
      ['export', 'farmers', '--kebele', kebele, '--from', '2000-01-01'],
      settings,
    );
    expect(toStdout).toMatchObject({ code: 0, out: '', err: '' });
    expect(toStdout.stdout).toEqual(served.raw.rawPayload);

    const none = await gebere(
      ['export', 'reach', '--from', '2100-01-01', '--out', join(work, 'none.csv')],
      settings,
    );
    expect(none.out).toBe(`Wrote 0 rows of reach to ${join(work, 'none.csv')}.`);
    expect(readFileSync(join(work, 'none.csv'), 'utf8').split('\r\n')[0]).toMatch(/^\uFEFFid,farmer_id,/);
  });

  it('takes an area by its code as grant does; writes XLSX for --format xlsx or an .xlsx --out', async () => {
    const byId = await gebere(['export', 'farmers', '--region', String(t.fx.area.region)], settings);
    const code = await t.db.query<{ code: string }>('select code from regions where id = $1', [
      t.fx.area.region,
    ]);
    const byCode = await gebere(['export', 'farmers', '--region', String(code.rows[0]?.code)], settings);
    expect(byCode).toMatchObject({ code: 0, err: '' });
    expect(byCode.stdout).toEqual(byId.stdout);
    expect((await gebere(['export', 'farmers', '--zone', 'ET9999'], settings)).err).toBe(
      'gebere: no zone with code ET9999 found: give its id instead (`gebere areas` lists ids)',
    );

    const file = join(work, 'farmers.xlsx');
    const r = await gebere(
      ['export', 'farmers', '--kebele', String(t.fx.area.kebele), '--out', file],
      settings,
    );
    expect(r).toMatchObject({ code: 0, err: '', out: `Wrote ${kebeleFarmers} rows of farmers to ${file}.` });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [sheet] = await readXlsxFile(readFileSync(file));
    expect(sheet?.data).toHaveLength(kebeleFarmers + 1);
    const header = sheet?.data[0] as string[];
    const first = sheet?.data[1] ?? [];
    expect(typeof first[header.indexOf('id')]).toBe('number');
    expect(first[header.indexOf('created_at')]).toBeInstanceOf(Date);
    expect(first[header.indexOf('phone_number')]).toMatch(/^0[79]\d{8}$/);
    const piped = await gebere(['export', 'groups', '--format', 'xlsx'], settings);
    expect(piped.stdout.subarray(0, 2).toString('latin1')).toBe('PK');
    expect((await gebere(['export', 'groups', '--format', 'pdf'], settings)).err.split('\n')[0]).toBe(
      'gebere: --format takes csv or xlsx, not "pdf"',
    );
  });

  it('refuses to write to stdout after npm printed its banner there; says to use --silent', async () => {
    const r = await runGebere(['export', 'groups'], settings, { cwd: work, npmBanner: true });
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toMatch(
      /npm printed its own lines .* `npm run --silent gebere -- export …`/,
    );
    expect(r.stdout).toHaveLength(0);
    const file = await runGebere(['export', 'groups', '--out', 'g.csv'], settings, {
      cwd: work,
      npmBanner: true,
    });
    expect(file).toMatchObject({ code: 0, out: expect.stringContaining(`to ${join(work, 'g.csv')}.`) });
  });

  it('as documented, `npm run --silent gebere -- export` from a subfolder: stdout starts with the BOM', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const served = await t.call('GET', '/ops/export/groups.csv', { headers: proof.service() });
    // A folder of the operator's own under the clone: npm runs the script from the clone's root.
    const sub = mkdtempSync(join(ROOT, 'node_modules', '.cache-gebere-cli-'));
    try {
      const npm = (args: string[]) => {
        const child = spawn('npm', ['run', ...args], {
          cwd: sub,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? work,
            // npm's own check for a newer npm asks the registry and may print a notice.
            npm_config_update_notifier: 'false',
            PORT: String(port),
            DATA_DIR: join(work, 'entry'),
            BACKEND_SERVICE_TOKEN: TEST_AUTH.serviceToken,
          },
        });
        const chunks: Buffer[] = [];
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => chunks.push(d));
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        return new Promise<{ code: unknown; stdout: Buffer; stderr: string }>((resolve) =>
          child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks), stderr })),
        );
      };
      const silent = await npm(['--silent', 'gebere', '--', 'export', 'groups']);
      expect(silent.stderr).toBe('');
      expect(silent.code).toBe(0);
      expect(silent.stdout.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(silent.stdout).toEqual(served.raw.rawPayload);
      // Without --silent the banner is already in the file: refused, and said why.
      const loud = await npm(['gebere', '--', 'export', 'groups']);
      expect(loud.code).toBe(2);
      expect(loud.stderr).toMatch(/npm run --silent gebere/);
      // A relative --out lands where the operator typed it.
      const out = await npm(['--silent', 'gebere', '--', 'export', 'groups', '--out', 'groups.csv']);
      expect(out.code).toBe(0);
      expect(readFileSync(join(sub, 'groups.csv'))).toEqual(served.raw.rawPayload);
    } finally {
      rmSync(sub, { recursive: true, force: true });
    }
  }, 120_000);

  it('the real entry (npm run gebere) streams an export to its stdout, byte for byte', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const served = await t.call('GET', '/ops/export/groups.csv', { headers: proof.service() });
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'export', 'groups'], {
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        DATA_DIR: join(work, 'entry'),
        BACKEND_SERVICE_TOKEN: TEST_AUTH.serviceToken,
      },
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(Buffer.concat(chunks)).toEqual(served.raw.rawPayload);
    expect(Buffer.concat(chunks).toString('utf8')).toContain('ተስፋ ቡድን');
  });

  it('export: wrong command lines exit 2 and write nothing; refusals exit 1', async () => {
    const file = join(work, 'bad.csv');
    const cases: Array<[string[], string]> = [
      [['export'], 'gebere: export: missing <table>'],
      [
        ['export', 'people'],
        'gebere: unknown table "people": use one of farmers, groups, reach, adoption, feedback',
      ],
      [
        ['export', 'farmers', '--region', '1', '--zone', '2'],
        'gebere: give one area, not --region and --zone',
      ],
      [
        ['export', 'farmers', '--kebele', 'x1'],
        'gebere: bad --kebele "x1": give its id or its code, e.g. --kebele 3 (`gebere areas` lists them)',
      ],
      [
        ['export', 'farmers', '--from', '2026-1-1'],
        'gebere: bad --from "2026-1-1": give a date as YYYY-MM-DD',
      ],
      [
        ['export', 'farmers', '--from', '2026-02-01', '--to', '2026-01-01'],
        'gebere: --to 2026-01-01 is before --from 2026-02-01',
      ],
      [['export', 'farmers', '--force'], 'gebere: unknown option --force'],
      [['export', 'farmers', '--out'], 'gebere: --out needs a value'],
    ];
    for (const [argv, message] of cases) {
      const r = await gebere(argv.includes('--out') ? argv : [...argv, '--out', file], settings);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err.split('\n')[0]).toBe(message);
    }
    expect(existsSync(file)).toBe(false);
    const wrongToken = await gebere(['export', 'farmers', '--out', file], {
      ...settings,
      serviceToken: 'nope',
    });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.err).toMatch(/refused the service token \(401\)/);
    const down = await gebere(['export', 'farmers', '--out', file], { ...settings, backendUrl: stopped });
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/^gebere: cannot reach the server at /);
    expect(existsSync(file)).toBe(false);
  });

  it('backup → restore gives identical rows; restore refuses a running server or a used data dir', async () => {
    const before = await fingerprint(t.db, { timestamps: true });
    const file = join(work, 'gebere.backup');
    const backup = await gebere(['backup', file], settings);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(
      new RegExp(`^Backed up the PGlite database to ${file} \\(\\d+(\\.\\d)? [KM]B\\)\\.$`),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await gebere(['backup', file], settings)).err).toBe(
      `gebere: ${file} already exists: give a new file name`,
    );

    const dir = join(work, 'data', 'pglite');
    const running = await gebere(['restore', file], settings);
    expect(running.code).toBe(1);
    expect(running.err).toBe(
      `gebere: the server at ${settings.backendUrl} is still running: stop it, then restore, then start it again`,
    );
    expect(existsSync(dir)).toBe(false);

    const offline = { ...settings, backendUrl: stopped };
    const restored = await gebere(['restore', file], offline);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    const count = async (table: string) =>
      (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n;
    expect(restored.out.split('\n')).toEqual([
      `Restored ${file} into ${dir}.`,
      `It holds ${await count('farmers')} farmers, ${await count('development_groups')} development groups, ` +
        `${await count('reach_records')} reach records, ${await count('adoption_records')} adoption records, ` +
        `${await count('feedback')} feedback, ${await count('da_profiles')} da profiles, ` +
        `${await count('location_notifications')} location notifications.`,
      'Start the server again (npm start).',
    ]);
    const opened = pgliteDb(await PGlite.create({ dataDir: dir }));
    try {
      expect(await fingerprint(opened, { timestamps: true })).toEqual(before);
    } finally {
      await opened.close();
    }

    const used = await gebere(['restore', file], offline);
    expect(used.code).toBe(1);
    expect(used.err).toMatch(/already holds a database\. Stop the server and give --force to move it aside/);
    // A database some process holds open (another server on this DATA_DIR) is named as such.
    const holder = pgliteDb(await PGlite.create({ dataDir: dir }));
    try {
      expect((await gebere(['restore', file], offline)).err).toMatch(
        /pglite is open: a server \(on another PORT\?\) still uses it/,
      );
    } finally {
      await holder.close();
    }
    const forced = await gebere(['restore', file, '--force'], offline);
    expect(forced.code).toBe(0);
    const aside = /^Moved the database that was there to (.+)\.$/m.exec(forced.out)?.[1] as string;
    expect(aside).toMatch(/pglite\.before-restore-/);
    expect(readdirSync(aside).length).toBeGreaterThan(0);
    const again = pgliteDb(await PGlite.create({ dataDir: dir }));
    try {
      expect(await fingerprint(again, { timestamps: true })).toEqual(before);
    } finally {
      await again.close();
    }

    const junk = join(work, 'junk.backup');
    writeFileSync(junk, 'id,name\r\n');
    expect((await gebere(['restore', junk], offline)).err).toBe(
      `gebere: ${junk} is not a Gebere backup (neither a PGlite .tar.gz nor a pg_dump -Fc file)`,
    );
    const broken = join(work, 'broken.backup');
    writeFileSync(broken, Buffer.concat([Buffer.from([0x1f, 0x8b]), randomBytes(64)]));
    const bad = await gebere(['restore', broken, '--force'], offline);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/is not a backup this version can open .*nothing was changed$/);
    expect(existsSync(`${dir}.restoring`)).toBe(false);
  }, 90_000); // a backup, three databases opened and two restores: 18 s at load average 12 on 2 cores
});

describe.skipIf(postgresSkipReason)('gebere backup and restore on PostgreSQL (pg_dump, pg_restore)', () => {
  const created: string[] = [];
  const template = postgresSkipReason ? null : inject('backendPgTemplate');
  beforeAll(() => void postgresUrl());
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: template?.url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const database = async (from?: string) => {
    const name = `gebere_backup_${randomBytes(5).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}${from ? ` template ${from}` : ''}`));
    created.push(name);
    const url = new URL(template?.url as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const printOf = async (url: string) => {
    const db = openPostgres({ connectionString: url, max: 1 });
    try {
      return await fingerprint(db, { timestamps: true });
    } finally {
      await db.close();
    }
  };
  afterAll(() =>
    admin(async (c) => {
      for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
    }),
  );

  it('backup → restore into an empty database gives identical rows; a used one needs --force', async () => {
    const source = await database(template?.database);
    await admin(async () => {
      const db = openPostgres({ connectionString: source, max: 1 });
      await db.query("update farmers set farmer_name = 'አበበ' where id = (select min(id) from farmers)");
      await db.close();
    });
    const before = await printOf(source);
    const offline = await closedUrl();
    const base = { backendUrl: offline, serviceToken: 'unused', tokenSource: 'BACKEND_SERVICE_TOKEN' };
    const file = join(work, 'pg.dump');
    const backup = await gebere(['backup', file], { ...base, databaseUrl: source });
    expect(backup.err).toBe('');
    expect(backup.out).toMatch(new RegExp(`^Backed up PostgreSQL \\(pg_dump -Fc\\) to ${file} `));
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');
    // Given a directory, the file is named after the release that wrote it.
    const named = await gebere(['backup', work], { ...base, databaseUrl: source });
    expect(named.err).toBe('');
    const release = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
    const written = /^Backed up PostgreSQL \(pg_dump -Fc\) to (.+) \(/.exec(named.out)?.[1] as string;
    expect(written).toMatch(
      new RegExp(
        `^${work}/gebere-${release.replace(/\./g, '\\.')}-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ\\.backup$`,
      ),
    );
    expect(readFileSync(written).subarray(0, 5).toString('latin1')).toBe('PGDMP');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const target = await database();
    const restored = await gebere(['restore', file], { ...base, databaseUrl: target });
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/^Restored .* into PostgreSQL \(DATABASE_URL\)\.\nIt holds \d+ farmers/);
    expect(await printOf(target)).toEqual(before);

    const used = await gebere(['restore', file], { ...base, databaseUrl: target });
    expect(used.code).toBe(1);
    expect(used.err).toMatch(/the database at DATABASE_URL is not empty \(\d+ tables\)/);
    const changed = openPostgres({ connectionString: target, max: 1 });
    await changed.query(
      "update farmers set farmer_name = 'Changed' where id = (select min(id) from farmers)",
    );
    await changed.close();
    const forced = await gebere(['restore', file, '--force'], { ...base, databaseUrl: target });
    expect(forced.err).toBe('');
    const saved = /^Saved what the database held to (.+)\.$/m.exec(forced.out)?.[1] as string;
    expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('PGDMP');
    expect(await printOf(target)).toEqual(before);
    // A truncated backup (pg_restore restores nothing and exits 0) leaves the database as it was.
    const broken = join(work, 'broken.dump');
    writeFileSync(broken, Buffer.concat([readFileSync(file).subarray(0, 64), Buffer.alloc(64)]));
    const failed = await gebere(['restore', broken, '--force'], { ...base, databaseUrl: target });
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/held no Gebere database/);
    expect(await printOf(target)).toEqual(before);

    const pglite = await gebere(['restore', file], { ...base, dataDir: join(work, 'other') });
    expect(pglite.err).toBe(
      `gebere: ${file} is a PostgreSQL backup (pg_dump) but DATABASE_URL is not set: set it to restore into PostgreSQL`,
    );
  });
});
