// Each way a PostgreSQL database can refuse a copy, as the operator reads it: named, with its fix,
// and the shared-secrets message only for a problem with the secrets themselves.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipReason, postgresUrl } from '../../../test/backend/test-kit/postgres';
import { freePort } from '../../../test/test-kit';
import { loadConfig, SharedSecretsError, withSharedSecrets } from '../../config';
import { DatabaseSetupError, explainDatabaseError } from './explain';

const work = mkdtempSync(join(tmpdir(), 'gebere-db-explain-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let dirs = 0;
const dataDir = () => join(work, `d${++dirs}`);

/** What a copy says when it shares its secrets through `url` (the first thing it does there). */
async function refusal(url: string) {
  const err = await withSharedSecrets(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir() })).catch(
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

describe('database failures, each with its fix', () => {
  it('unreachable: host and port, is PostgreSQL running', async () => {
    const port = await freePort();
    const err = await refusal(`postgres://gebere@127.0.0.1:${port}/gebere`);
    expect(err).toBeInstanceOf(DatabaseSetupError);
    expect(err.message).toMatch(
      new RegExp(
        `^cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\): check the host and port in DATABASE_URL, that PostgreSQL is running there`,
      ),
    );
    expect(err.message).not.toContain('shared secrets');
  });

  it('authentication failed: check the password in DATABASE_URL (as node-postgres and pg_dump report it)', () => {
    const url = 'postgres://gebere:wrong@db.example:5433/gebere';
    const fromServer = Object.assign(new Error('password authentication failed for user "gebere"'), {
      code: '28P01',
    });
    const fromTool = new Error(
      'pg_dump: error: connection to server at "db.example" (10.0.0.5), port 5433 failed: FATAL:  password authentication failed for user "gebere"',
    );
    for (const given of [fromServer, fromTool]) {
      const err = explainDatabaseError(given, url);
      expect(err?.reason).toBe('authentication');
      expect(err?.message).toBe(
        'PostgreSQL at db.example:5433 refused the password of role "gebere" (authentication failed): ' +
          'check the password in DATABASE_URL (postgres://gebere:<password>@db.example:5433/gebere); ' +
          'a password with @, : or / in it must be percent-encoded there',
      );
      expect(err?.message).not.toContain('wrong');
    }
    expect(explainDatabaseError(new Error('syntax error at or near "selec"'), url)).toBeUndefined();
  });
});

describe.skipIf(postgresSkipReason)('database failures on a real PostgreSQL', () => {
  const server = postgresSkipReason ? '' : postgresUrl();
  const suffix = randomBytes(4).toString('hex');
  const role = `gebere_noschema_${suffix}`;
  const database = `gebere_explain_${suffix}`;
  const as = (user: string, db: string) => {
    const u = new URL(server);
    u.username = user;
    u.password = '';
    u.pathname = `/${db}`;
    return u.toString();
  };
  const admin = async (sql: string, url = server) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  beforeAll(async () => {
    if (postgresSkipReason) return;
    await admin(`create role ${role} login`);
    // Owned by the superuser: PostgreSQL 15 gives other roles no CREATE on its schema public.
    await admin(`create database ${database}`);
  });
  afterAll(async () => {
    if (postgresSkipReason) return;
    await admin(`drop database if exists ${database} with (force)`);
    await admin(`drop role if exists ${role}`);
  });

  it('a missing database: create it, with the command', async () => {
    const err = await refusal(as('postgres', `gebere_missing_${suffix}`));
    const { hostname, port } = new URL(server);
    expect(err).toBeInstanceOf(DatabaseSetupError);
    expect(err.message).toBe(
      `PostgreSQL at ${hostname}:${port} has no database "gebere_missing_${suffix}": create it ` +
        `(createdb -h ${hostname} -p ${port} -U postgres gebere_missing_${suffix}, or in psql as its owner: ` +
        `CREATE DATABASE gebere_missing_${suffix} OWNER postgres;), or fix the name in DATABASE_URL`,
    );
  });

  it('a missing role: the user name in DATABASE_URL', async () => {
    const err = await refusal(as(`gebere_nobody_${suffix}`, database));
    expect(err).toBeInstanceOf(DatabaseSetupError);
    expect(err.message).toMatch(new RegExp(`has no role "gebere_nobody_${suffix}": check the user name`));
  });

  it('permission denied for schema public: the GRANT, or the schema owner', async () => {
    const err = await refusal(as(role, database));
    expect(err).toBeInstanceOf(DatabaseSetupError);
    expect(err.message).toBe(
      `role "${role}" may not create tables in schema public of "${database}" (PostgreSQL 15 and later ` +
        `no longer let every role): as the database owner or a superuser run GRANT CREATE ON SCHEMA public ` +
        `TO ${role}; or make the role the schema's owner (ALTER SCHEMA public OWNER TO ${role};)`,
    );
    expect(err.message).not.toContain('shared secrets');
  });

  it('the server at start names the refused migration the same way', async () => {
    // Every secret given: no sharing, so the first refusal is the migration's.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../main.ts', import.meta.url))],
      {
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: as(role, database),
          DATA_DIR: dataDir(),
          PORT: String(await freePort()),
          ENABLE_BOT: 'false',
          LINK_SECRET: 'l'.repeat(40),
          BACKEND_SERVICE_TOKEN: 's'.repeat(40),
          WEBHOOK_SECRET: 'w'.repeat(40),
        },
        cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    const fatal = out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; reason?: string })
      .find((l) => l.level === 60);
    expect(fatal?.reason).toBe('schema-privilege');
    expect(fatal?.msg).toContain(`GRANT CREATE ON SCHEMA public TO ${role};`);
  }, 60_000);

  it('a broken secrets table is a secrets problem, and says so', async () => {
    await admin(`grant create on schema public to ${role}`, as('postgres', database));
    await admin('create table gebere_shared_secrets (x int)', as(role, database));
    const err = await refusal(as(role, database));
    expect(err).toBeInstanceOf(SharedSecretsError);
    expect(err.message).toMatch(/^Could not read the shared secrets from DATABASE_URL \(column "name"/);
  });
});
