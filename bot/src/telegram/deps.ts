import { join } from 'node:path';
import { createApiClient, isRetryable } from '@gebere/api-client';
import { proofHeader } from '@gebere/contract';
import { MemorySessionStorage, type StorageAdapter } from 'grammy';
import type { Db } from '../backend/db/types';
import { BACKEND_PATH, type Config } from '../config';
import type { Logger } from '../log';
import { fetchActingFor } from './acting-for';
import type { BotDeps } from './bot';
import type { SessionData } from './context';
import { createPendingContacts, type PendingContacts } from './pending-contacts';
import { createDbSessionStorage, createLazyDbSessionStorage } from './session-storage';

/** A bot call waits this long for the backend before telling the user it is not reachable. */
const BACKEND_TIMEOUT_MS = 15_000;

export interface BotDepsFromConfig {
  config: Config;
  logger: Logger;
  /** The server's keep-alive fetch (outbound.ts). */
  fetch: typeof fetch;
  /** The embedded backend's database; without one, sessions open DATABASE_URL / PGlite themselves. */
  db: Db | undefined;
}

/**
 * Where sessions live: the embedded backend's database; else (the organisation's backend at
 * BACKEND_URL) DATABASE_URL or PGlite under DATA_DIR, opened in the background at start (a fresh
 * PGlite takes seconds). With no backend at all (ENABLE_BACKEND=false and no BACKEND_URL: only
 * the server's plumbing runs, nothing the bot does can succeed) they stay in memory.
 */
function sessionStorage(o: BotDepsFromConfig): {
  storage: StorageAdapter<SessionData>;
  /** The database the sessions live in; undefined when they are kept in memory. */
  db?: () => Promise<Db>;
  close(): Promise<void>;
} {
  const { config, logger } = o;
  const embedded = o.db;
  if (embedded)
    return {
      storage: createDbSessionStorage<SessionData>(embedded),
      db: async () => embedded,
      close: async () => {},
    };
  const external = config.backend.browserUrl !== BACKEND_PATH; // BACKEND_URL is set
  if (!external && !config.database.url) {
    logger.warn('no backend configured: bot sessions are kept in memory');
    return { storage: new MemorySessionStorage<SessionData>(), close: async () => {} };
  }
  const lazy = createLazyDbSessionStorage<SessionData>(async () => {
    const { openDatabase, migrate } = await import('../backend/index');
    const db = await openDatabase({ databaseUrl: config.database.url, dataDir: config.dataDir });
    await migrate(db, logger);
    logger.info({ kind: db.kind }, 'database opened for bot sessions');
    return db;
  });
  lazy.open().catch((err: unknown) => logger.error({ err }, 'could not open the database for bot sessions'));
  return { storage: lazy, db: () => lazy.db(), close: () => lazy.close() };
}

/**
 * The bot's dependencies from the server's configuration: the backend client (BACKEND_URL or the
 * embedded backend over loopback) with the service token, link signing, and sessions in the
 * database. `close()` closes a database opened for sessions alone.
 */
export function botDepsFromConfig(o: BotDepsFromConfig): {
  deps: BotDeps;
  /** The companion's database (the sessions'), for its other stores; undefined when in memory. */
  db: (() => Promise<Db>) | undefined;
  /** Contacts shared during an outage (DATA_DIR/pending-contacts.json). */
  pending: PendingContacts;
  /** Resolves once the sessions' database and the backend answer again (pending contacts' probe). */
  probe(): Promise<void>;
  close(): Promise<void>;
} {
  const { config, logger } = o;
  const sessions = sessionStorage(o);
  const api = createApiClient({
    baseUrl: config.backend.internalUrl,
    authorization: () => proofHeader({ kind: 'service', value: config.backend.serviceToken }),
    fetch: fetchActingFor(o.fetch),
    timeoutMs: BACKEND_TIMEOUT_MS,
  });
  const pending = createPendingContacts({ file: join(config.dataDir, 'pending-contacts.json'), logger });
  return {
    deps: {
      api,
      links: {
        publicUrl: config.publicUrl,
        linkSecret: config.links.secret,
        ttlSeconds: config.links.ttlSeconds,
      },
      sessions: sessions.storage,
      logger,
      pendingContacts: pending,
    },
    db: sessions.db,
    pending,
    async probe() {
      await sessions.storage.read('probe:outage');
      // Any answer but "unavailable" means the backend and its database are up.
      const r = await api.call('findBotUsers', { query: { telegram_id: 1, paginate: 'false' } });
      if (!r.ok && isRetryable(r.error)) throw new Error('backend still unavailable');
    },
    close: async () => {
      await pending.stop();
      await sessions.close();
    },
  };
}
