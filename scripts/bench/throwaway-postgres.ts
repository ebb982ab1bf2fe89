// A fresh database on a throwaway PostgreSQL server (`options.server`, else `TEST_DATABASE_URL`
// from node scripts/system-deps.mjs --postgres-env), migrated, handed to `fn`, and dropped
// afterwards whatever happens.
import { randomBytes } from 'node:crypto';
import { type Db, migrate, openPostgres } from '@gebere/bot/backend';

async function admin(url: string, sql: string): Promise<void> {
  const db = openPostgres({ connectionString: url, max: 1 });
  try {
    await db.exec(sql);
  } finally {
    await db.close();
  }
}

export async function withThrowawayDb<T>(
  prefix: string,
  fn: (db: Db) => Promise<T>,
  options: { max?: number; server?: string } = {},
): Promise<T> {
  const server = options.server ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!server) throw new Error('needs TEST_DATABASE_URL (node scripts/system-deps.mjs --postgres-env)');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(server, `create database ${name}`);
  const u = new URL(server);
  u.pathname = `/${name}`;
  const db = openPostgres({ connectionString: u.toString(), max: options.max ?? 2 });
  try {
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
    await admin(server, `drop database ${name}`);
  }
}
