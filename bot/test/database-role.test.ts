import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runGebere } from '../src/cli/test-kit';
import { loadConfig, withSharedSecrets } from '../src/config';
import { createLogger } from '../src/log';
import { startEmbeddedBackend } from '../src/server/embedded-backend';
import { postgresSkipReason, postgresUrl } from './backend/test-kit/postgres';

const guide = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');

/** The statements docs/operations.md tells an operator to run as the PostgreSQL superuser. */
const documentedSql = /^## The database and its role$[\s\S]*?^```sql\n([\s\S]*?)^```/m.exec(guide)?.[1];

/** A loopback address nothing listens on: "the server is stopped" for `gebere restore`. */
async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/backend`;
}

describe.skipIf(postgresSkipReason)('the database role docs/operations.md creates (PostgreSQL)', () => {
  // Its own role and database, named apart from every other run's.
  const name = `gebere_role_${randomBytes(4).toString('hex')}`;
  const work = mkdtempSync(join(tmpdir(), 'gebere-role-'));
  const superuser = async (sql: string) => {
    const c = new pg.Client({ connectionString: postgresUrl() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await superuser(`drop database if exists ${name} with (force)`);
    await superuser(`drop role if exists ${name}`);
  });

  it('is enough to start (migrate, seed, share secrets), back up and restore, as that role alone', async () => {
    expect(documentedSql).toMatch(/CREATE ROLE gebere LOGIN PASSWORD/);
    const statements = (documentedSql as string)
      .replace(/\bgebere\b/g, name)
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    expect(statements).toHaveLength(2);
    for (const statement of statements) await superuser(statement);

    const url = new URL(postgresUrl());
    url.username = name;
    url.password = /PASSWORD '([^']+)'/.exec(documentedSql as string)?.[1] as string;
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const as = async <T>(fn: (c: pg.Client) => Promise<T>) => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      try {
        return await fn(c);
      } finally {
        await c.end();
      }
    };
    expect(
      await as(
        async (c) => (await c.query('select rolsuper from pg_roles where rolname = current_user')).rows[0],
      ),
    ).toEqual({ rolsuper: false });

    // What the server does at start with DATABASE_URL: shared secrets, migrations, seed, partitions.
    const config = await withSharedSecrets(
      loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: join(work, 'data') }, work),
    );
    expect(config.secretsShared).toBe(true);
    const backend = await startEmbeddedBackend(config, createLogger({ level: 'silent' }));
    await backend.close();
    const owners = await as(async (c) =>
      (
        await c.query<{ owner: string }>(
          "select distinct tableowner as owner from pg_tables where schemaname = 'public'",
        )
      ).rows.map((r) => r.owner),
    );
    expect(owners).toEqual([name]);
    const kebeles = await as(async (c) =>
      Number((await c.query('select count(*) from kebeles')).rows[0]?.count),
    );
    expect(kebeles).toBeGreaterThan(1000);

    // gebere backup (pg_dump) and restore --force (schema public renamed aside) as the same role.
    const settings = {
      backendUrl: await closedUrl(),
      serviceToken: 'unused',
      tokenSource: 'BACKEND_SERVICE_TOKEN',
      databaseUrl,
    };
    const backup = await runGebere(['backup', `${work}/`], settings);
    expect(backup.err).toBe('');
    const file = /to (\S+\.backup) \(/.exec(backup.out)?.[1] as string;
    await as((c) => c.query('delete from kebeles where id = (select max(id) from kebeles)'));
    const restored = await runGebere(['restore', file, '--force'], settings);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/^Saved what the database held to .+\.dump\.$/m);
    expect(
      await as(async (c) => Number((await c.query('select count(*) from kebeles')).rows[0]?.count)),
    ).toBe(kebeles);
    const schemaOwner = await as(
      async (c) =>
        (
          await c.query<{ owner: string }>(
            "select nspowner::regrole::text as owner from pg_namespace where nspname = 'public'",
          )
        ).rows[0]?.owner,
    );
    expect(schemaOwner).toBe(name);
  }, 180_000);
});
