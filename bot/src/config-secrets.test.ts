import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresSkipReason, postgresUrl } from '../test/backend/test-kit/postgres';
import { signLink, verifyLink } from './auth/link';
import { pgliteDb } from './backend/db/pglite';
import { loadConfig, SharedSecretsError, withSharedSecrets } from './config';
import { SHARED_SECRETS_TABLE, shareSecrets } from './config-secrets';

const dataDir = () => mkdtempSync(join(tmpdir(), 'gebere-secrets-'));

describe('secrets shared through the database', () => {
  it('the first copy stores its own, later copies adopt them, given ones are never stored', async () => {
    const db = pgliteDb(await PGlite.create());
    try {
      const first = await shareSecrets(db, { linkSecret: 'a'.repeat(43), serviceToken: 'b'.repeat(43) });
      expect(first).toEqual({ linkSecret: 'a'.repeat(43), serviceToken: 'b'.repeat(43) });
      // A second copy, its own generated values, and a webhook secret it was given (not passed).
      const second = await shareSecrets(db, { linkSecret: 'x'.repeat(43), serviceToken: 'y'.repeat(43) });
      expect(second).toEqual(first);
      const names = await db.query<{ name: string }>(
        `select name from ${SHARED_SECRETS_TABLE} order by name`,
      );
      expect(names.rows.map((r) => r.name)).toEqual(['BACKEND_SERVICE_TOKEN', 'LINK_SECRET']);
      // A third copy that generates a webhook secret as well: stored then, the others unchanged.
      const third = await shareSecrets(db, { linkSecret: 'z'.repeat(43), webhookSecret: 'w'.repeat(43) });
      expect(third).toEqual({ linkSecret: 'a'.repeat(43), webhookSecret: 'w'.repeat(43) });
    } finally {
      await db.close();
    }
  });

  it.skipIf(postgresSkipReason)(
    'on PostgreSQL: two copies with their own DATA_DIR accept each other’s links (TEST_DATABASE_URL)',
    async () => {
      const admin = new pg.Client({ connectionString: postgresUrl() });
      await admin.connect();
      const name = `gebere_secrets_${Date.now()}`;
      await admin.query(`create database ${name}`);
      const url = new URL(postgresUrl());
      url.pathname = `/${name}`;
      try {
        const env = { DATABASE_URL: url.toString(), BOT_TOKEN: '123456789:AAHsecret-sharing-test-token-xyz' };
        const given = 'given-link-secret-0123456789abcdef0123456789';
        const [a, b] = await Promise.all([
          withSharedSecrets(loadConfig({ ...env, DATA_DIR: dataDir() })),
          withSharedSecrets(loadConfig({ ...env, DATA_DIR: dataDir() })),
        ]);
        expect(a.secretsShared && b.secretsShared).toBe(true);
        expect(b.links.secret).toBe(a.links.secret);
        expect(b.backend.serviceToken).toBe(a.backend.serviceToken);
        expect(b.telegram.webhookSecret).toBe(a.telegram.webhookSecret);
        const link = signLink(
          a.links.secret,
          '/record_reach',
          { user_id: 7 },
          { telegramUserId: 42, ttlSeconds: 60 },
        );
        expect(verifyLink(b.links.secret, link).ok).toBe(true);
        // An explicit value wins over the stored one.
        const c = await withSharedSecrets(loadConfig({ ...env, DATA_DIR: dataDir(), LINK_SECRET: given }));
        expect(c.links.secret).toBe(given);
        expect(c.backend.serviceToken).toBe(a.backend.serviceToken);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

  it('fails with a clear message when the database cannot be reached (not a secrets problem)', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://gebere@127.0.0.1:1/gebere', DATA_DIR: dataDir() });
    const err = await withSharedSecrets(config).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(SharedSecretsError);
    expect((err as Error).message).toMatch(
      /^cannot reach PostgreSQL at 127\.0\.0\.1:1 .*check the host and port/,
    );
  });

  it('PGlite copies keep their secrets in DATA_DIR, untouched', async () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(await withSharedSecrets(config)).toBe(config);
  });
});
