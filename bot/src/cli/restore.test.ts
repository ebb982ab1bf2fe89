// Restores that cannot hurt production: an empty database accepted through the real entry (which
// creates its shared-secrets table on connecting), a database another copy uses refused naming
// it, and `gebere restore-test` beside a running production, with no call to Telegram.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmulator, emulatorPlugin } from '@gebere/telegram-emulator';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_AUTH } from '../../test/backend/test-kit/auth-headers';
import { postgresSkipReason, postgresUrl } from '../../test/backend/test-kit/postgres';
import { freePort } from '../../test/test-kit';
import { APPLICATION_NAME, openPostgres } from '../backend/db/postgres';
import { listeningBackend, runGebere } from './test-kit';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'gebere-cli-restore-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run gebere -- <argv>` as an operator runs it: the real entry, settings from `env` only. */
async function entry(argv: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...argv], {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: ROOT,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, out, err };
}

/** The emulator as Telegram, with every Bot API request that reaches it logged. */
async function telegram() {
  const emulator = createEmulator();
  const calls: string[] = [];
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addHook('onRequest', async (request) => {
    if (/\/bot[^/]+\/\w+/.test(request.url)) calls.push(request.url.replace(/\/bot[^/]+\//, '/bot…/'));
  });
  await app.register(emulatorPlugin, { prefix: '/emulator', emulator });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    env: { BOT_TOKEN: emulator.token, TELEGRAM_API_ROOT: `http://127.0.0.1:${port}/emulator` },
    calls,
    close: () => app.close(),
  };
}

const countLine = (out: string, label: string) =>
  new RegExp(`^${label} +(\\d+) +(\\d+|\\?)$`, 'm').exec(out)?.slice(1, 3).map(Number);

describe('gebere restore-test on PGlite, beside a running server', () => {
  it('restores into a scratch directory, compares with the running server, never calls Telegram', async () => {
    const { t, settings } = await listeningBackend();
    const tg = await telegram();
    try {
      const da = await t.fx.da();
      const group = await t.fx.group(da);
      await t.fx.farmer(da, group, 'አበበ');
      const dataDir = join(work, 'pglite-data');
      const file = join(work, 'prod.backup');
      expect((await runGebere(['backup', file], settings)).code).toBe(0);
      // Production moves on after the backup: the comparison shows it.
      await t.fx.farmer(da, group, 'Almaz');
      const farmers = async () =>
        Number((await t.db.query<{ n: number }>('select count(*)::int as n from farmers')).rows[0]?.n);

      const { port } = t.app.server.address() as AddressInfo;
      const r = await entry(['restore-test', file], {
        ...tg.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        BACKEND_SERVICE_TOKEN: TEST_AUTH.serviceToken,
      });
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^Restored .* into .*restore-test-[^/]+\.$/m);
      expect(countLine(r.out, 'farmers')).toEqual([(await farmers()) - 1, await farmers()]);
      expect(countLine(r.out, 'da profiles')?.[0]).toBeGreaterThan(0);
      expect(r.out).toMatch(/Nothing else was started: no server, no bot, no call to Telegram\.$/m);
      // The scratch directory is gone, the server's own never touched.
      expect(
        existsSync(dataDir) ? readdirSync(dataDir).filter((n) => n.startsWith('restore-test')) : [],
      ).toEqual([]);
      expect(tg.calls).toEqual([]);
    } finally {
      await tg.close();
      await t.close();
    }
  }, 120_000);
});

describe.skipIf(postgresSkipReason)('gebere restore and restore-test on PostgreSQL', () => {
  const template = postgresSkipReason ? null : inject('backendPgTemplate');
  const created: string[] = [];
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
    const name = `gebere_restore_${randomBytes(5).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}${from ? ` template ${from}` : ''}`));
    created.push(name);
    const url = new URL(template?.url as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const farmersIn = async (url: string) => {
    const db = openPostgres({ connectionString: url, max: 1 });
    try {
      return Number((await db.query<{ n: number }>('select count(*)::int as n from farmers')).rows[0]?.n);
    } finally {
      await db.close();
    }
  };
  afterAll(() =>
    admin(async (c) => {
      for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
    }),
  );
  let file: string;
  let source: string;
  beforeAll(async () => {
    if (postgresSkipReason) return;
    source = await database(template?.database);
    file = join(work, 'pg.backup');
    const base = { backendUrl: 'http://127.0.0.1:1/backend', serviceToken: 'x', tokenSource: 'test' };
    const r = await runGebere(['backup', file], { ...base, databaseUrl: source });
    expect(r.err).toBe('');
  });

  it('restores into a new, empty database through the real entry', async () => {
    const target = await database();
    const r = await entry(['restore', file], {
      DATABASE_URL: target,
      DATA_DIR: join(work, 'pg-entry'),
      PORT: String(await freePort()),
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Restored .* into PostgreSQL \(DATABASE_URL\)\.\nIt holds \d+ farmers/);
    expect(await farmersIn(target)).toBe(await farmersIn(source));
  }, 60_000);

  it('refuses while another Gebere copy is connected, naming it; --force restores anyway', async () => {
    const target = await database();
    // A copy of the server on that database: its pool keeps a connection open.
    const copy = openPostgres({ connectionString: target, max: 1 });
    try {
      await copy.query('select 1');
      const base = { backendUrl: 'http://127.0.0.1:1/backend', serviceToken: 'x', tokenSource: 'test' };
      const refused = await runGebere(['restore', file], { ...base, databaseUrl: target });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('the database at DATABASE_URL is in use by another session: ');
      expect(refused.err).toContain(`Gebere copy "${APPLICATION_NAME}" from 127.0.0.1 (backend pid `);
      expect(refused.err).toMatch(/Stop every Gebere copy on it .*--force restores anyway$/);
      expect(
        await admin(async (c) => {
          const r = await c.query(
            "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'farmers'",
          );
          return r.rows[0]?.n;
        }),
      ).toBe(0);
      const forced = await runGebere(['restore', file, '--force'], { ...base, databaseUrl: target });
      expect(forced.err).toBe('');
      expect(forced.code).toBe(0);
      // The copy that was connected now reads the restored tables.
      const n = await copy.query<{ n: number }>('select count(*)::int as n from farmers');
      expect(n.rows[0]?.n).toBe(await farmersIn(source));
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('restore-test restores into a scratch database beside production and drops it; no call to Telegram', async () => {
    const tg = await telegram();
    // Production runs meanwhile: a copy is connected (restore-test reads it, never refuses it).
    const prod = openPostgres({ connectionString: source, max: 1 });
    try {
      await prod.query('select 1');
      const scratches = () =>
        admin(async (c) => {
          const r = await c.query<{ datname: string }>(
            "select datname from pg_database where datname like '%restore_test%'",
          );
          return r.rows.map((row) => row.datname);
        });
      const before = await scratches();
      const r = await entry(['restore-test', file], {
        ...tg.env,
        DATABASE_URL: source,
        DATA_DIR: join(work, 'pg-restore-test'),
        PORT: String(await freePort()),
      });
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^Restored .* into the scratch database gebere_restore_\w+_restore_test_\w+\.$/m);
      const farmers = await farmersIn(source);
      expect(countLine(r.out, 'farmers')).toEqual([farmers, farmers]);
      expect(await scratches()).toEqual(before);
      expect(tg.calls).toEqual([]);

      const base = { backendUrl: 'http://127.0.0.1:1/backend', serviceToken: 'x', tokenSource: 'test' };
      const kept = await runGebere(['restore-test', file, '--keep'], { ...base, databaseUrl: source });
      expect(kept.code).toBe(0);
      const name = /^Kept the scratch database (\w+) \(--keep\): drop it when done\.$/m.exec(
        kept.out,
      )?.[1] as string;
      created.push(name);
      expect(await scratches()).toEqual([...before, name]);
    } finally {
      await prod.close();
      await tg.close();
    }
  }, 90_000);

  it('a role without CREATEDB tests --into an empty database made for it, then empties it', async () => {
    const role = `gebere_owner_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create role ${role} login`));
    const as = (url: string) => {
      const u = new URL(url);
      u.username = role;
      return u.toString();
    };
    // As an organisation sets it up: the role owns its database and nothing more.
    const prod = as(await database());
    const scratch = as(await database());
    const names = [prod, scratch].map((u) => new URL(u).pathname.slice(1));
    for (const name of names) await admin((c) => c.query(`alter database ${name} owner to ${role}`));
    const base = { backendUrl: 'http://127.0.0.1:1/backend', serviceToken: 'x', tokenSource: 'test' };
    try {
      expect((await runGebere(['restore', file], { ...base, databaseUrl: prod })).err).toBe('');

      const refused = await runGebere(['restore-test', file], { ...base, databaseUrl: prod });
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/needs CREATEDB .*give it with --into <its URL>$/);

      const r = await runGebere(['restore-test', file, '--into', scratch], { ...base, databaseUrl: prod });
      expect(r.err).toBe('');
      const farmers = await farmersIn(prod);
      expect(countLine(r.out, 'farmers')).toEqual([farmers, farmers]);
      expect(r.out).toMatch(/^Emptied the scratch database \w+\. Nothing else was started/m);
      const left = new pg.Client({ connectionString: scratch });
      await left.connect();
      const tables = await left.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
      await left.end();
      expect(tables.rows[0]?.n).toBe(0);

      const itself = await runGebere(['restore-test', file, '--into', prod], { ...base, databaseUrl: prod });
      expect(itself.err).toBe(
        'gebere: --into names the production database (DATABASE_URL): give an empty database of its own',
      );
      expect(await farmersIn(prod)).toBe(farmers);
    } finally {
      await admin(async (c) => {
        for (const name of names) await c.query(`drop database if exists ${name} with (force)`);
        await c.query(`drop role if exists ${role}`);
      });
    }
  }, 90_000);
});
