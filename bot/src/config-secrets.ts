import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';

export interface PersistedSecrets {
  linkSecret: string;
  serviceToken: string;
  webhookSecret: string;
}

export const SECRETS_FILE = 'secrets.json';

const generate = () => randomBytes(32).toString('base64url');

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR/secrets.json
 * (mode 0600), so a restart keeps signed links in old chat messages valid. Several copies
 * behind a load balancer must share them: set them in the environment there.
 */
export function loadOrCreateSecrets(
  dataDir: string,
  given: { [K in keyof PersistedSecrets]: string | undefined },
): { secrets: PersistedSecrets; generated: Array<keyof PersistedSecrets> } {
  const file = join(dataDir, SECRETS_FILE);
  const stored: Partial<PersistedSecrets> = existsSync(file) ? readStored(file) : {};
  const secrets = {} as PersistedSecrets;
  const generated: Array<keyof PersistedSecrets> = [];
  let changed = false;
  for (const key of ['linkSecret', 'serviceToken', 'webhookSecret'] as const) {
    const value = given[key];
    if (value !== undefined) {
      secrets[key] = value;
      continue;
    }
    generated.push(key);
    const kept = stored[key];
    if (typeof kept === 'string' && kept.length >= 32) {
      secrets[key] = kept;
    } else {
      secrets[key] = generate();
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    // Write-then-rename: a crash mid-write must not leave a half file that loses every link.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ ...stored, ...pick(secrets, generated) }, null, 2)}\n`, {
      mode: 0o600,
    });
    renameSync(tmp, file);
    chmodSync(file, 0o600);
  }
  return { secrets, generated };
}

function readStored(file: string): Partial<PersistedSecrets> {
  try {
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return data && typeof data === 'object' ? (data as Partial<PersistedSecrets>) : {};
  } catch {
    throw new Error(`${file} is not valid JSON; fix or delete it (deleting invalidates signed links)`);
  }
}

function pick(secrets: PersistedSecrets, keys: Array<keyof PersistedSecrets>): Partial<PersistedSecrets> {
  return Object.fromEntries(keys.map((k) => [k, secrets[k]]));
}

/** The table copies on one PostgreSQL share their generated secrets through. */
export const SHARED_SECRETS_TABLE = 'gebere_shared_secrets';
const SHARED_NAMES: Record<keyof PersistedSecrets, string> = {
  linkSecret: 'LINK_SECRET',
  serviceToken: 'BACKEND_SERVICE_TOKEN',
  webhookSecret: 'WEBHOOK_SECRET',
};
/** pg_advisory_xact_lock key: copies starting at once create the table and rows one at a time. */
const SHARED_SECRETS_LOCK = 7_140_216_001;

/** The little of a database this needs (db/types.ts `Db`), so config stays free of the backend. */
export interface SecretsStore {
  transaction<T>(
    fn: (tx: {
      query<R>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }>;
      exec(sql: string): Promise<void>;
    }) => Promise<T>,
  ): Promise<T>;
}

/**
 * Copies of the server on one database must sign and check links with the same key, call the
 * backend with the same token and expect the same webhook secret. Each secret not given in the
 * environment is kept in {@link SHARED_SECRETS_TABLE}: the first copy stores its own (from its
 * secrets.json, so links it signed before stay valid), every later copy adopts the stored one.
 * Explicit environment values are never stored nor replaced.
 */
export async function shareSecrets(
  store: SecretsStore,
  mine: Partial<PersistedSecrets>,
): Promise<Partial<PersistedSecrets>> {
  const keys = (Object.keys(mine) as Array<keyof PersistedSecrets>).filter((k) => mine[k] !== undefined);
  if (keys.length === 0) return {};
  return store.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [SHARED_SECRETS_LOCK]);
    await tx.exec(
      `create table if not exists ${SHARED_SECRETS_TABLE} (
         name text primary key, value text not null, created_at timestamptz not null default now())`,
    );
    for (const key of keys) {
      await tx.query(
        `insert into ${SHARED_SECRETS_TABLE} (name, value) values ($1, $2) on conflict (name) do nothing`,
        [SHARED_NAMES[key], mine[key]],
      );
    }
    const { rows } = await tx.query<{ name: string; value: string }>(
      `select name, value from ${SHARED_SECRETS_TABLE} where name = any($1::text[])`,
      [keys.map((k) => SHARED_NAMES[k])],
    );
    const byName = new Map(rows.map((r) => [r.name, r.value]));
    return Object.fromEntries(keys.map((k) => [k, byName.get(SHARED_NAMES[k]) ?? mine[k]]));
  });
}

/**
 * With DATABASE_URL, the generated secrets (those not set in the environment) are the ones every
 * copy on that database shares (config-secrets.ts `shareSecrets`): the first copy's, kept in the
 * database. Throws a DatabaseSetupError (db/explain.ts) naming the fix when the database cannot
 * be used, a {@link SharedSecretsError} for any other failure to share them.
 */
export async function withSharedSecrets(config: Config): Promise<Config> {
  if (!config.database.url || config.generatedSecrets.length === 0) return config;
  const [{ openPostgres }, { explainDatabaseError }] = await Promise.all([
    import('./backend/db/postgres'),
    import('./backend/db/explain'),
  ]);
  const db = openPostgres({ connectionString: config.database.url, max: 1, connectTimeoutMs: 10_000 });
  const mine: Partial<PersistedSecrets> = {};
  for (const key of config.generatedSecrets) mine[key] = secretOf(config, key);
  let shared: Partial<PersistedSecrets>;
  try {
    shared = await shareSecrets(db, mine);
  } catch (err) {
    // A database this copy cannot use (password, missing database, privileges, unreachable) is
    // named as such with its fix; only what is left is a problem with the secrets themselves.
    throw explainDatabaseError(err, config.database.url) ?? new SharedSecretsError(err);
  } finally {
    await db.close().catch(() => {});
  }
  return {
    ...config,
    telegram: { ...config.telegram, webhookSecret: shared.webhookSecret ?? config.telegram.webhookSecret },
    backend: { ...config.backend, serviceToken: shared.serviceToken ?? config.backend.serviceToken },
    links: { ...config.links, secret: shared.linkSecret ?? config.links.secret },
    secretsShared: true,
  };
}

export class SharedSecretsError extends Error {
  constructor(cause: unknown) {
    super(
      'Could not read the shared secrets from DATABASE_URL ' +
        `(${cause instanceof Error ? cause.message : String(cause)}). Copies on one database share ` +
        'their generated LINK_SECRET, BACKEND_SERVICE_TOKEN and WEBHOOK_SECRET through it; make it ' +
        'reachable, or set all three in every copy’s environment.',
    );
    this.name = 'SharedSecretsError';
  }
}

function secretOf(config: Config, key: keyof PersistedSecrets): string {
  if (key === 'linkSecret') return config.links.secret;
  if (key === 'serviceToken') return config.backend.serviceToken;
  return config.telegram.webhookSecret;
}
