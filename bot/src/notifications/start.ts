import { Api } from 'grammy';
import type { Db } from '../backend/db/types';
import type { Config } from '../config';
import type { Logger } from '../log';
import type { DatabaseProbe, Metrics } from '../metrics';
import { queuedTotal } from './counts';
import { createNotificationEngine } from './engine';

export interface RunningNotifications {
  stop(): Promise<void>;
}

/**
 * The engine as the server runs it (ENABLE_NOTIFICATIONS). It works on the embedded backend's
 * database, or opens DATABASE_URL itself on a copy that runs without the backend. With only an
 * external BACKEND_URL there is no queue to work on: that backend delivers its own notifications.
 *
 * Its Bot API client is its own, without the bot's auto-retry and throttler: the engine paces
 * sends across all copies and handles 429 itself, and a transformer sleeping on retry_after
 * would hold a claimed row past its slot.
 */
export async function startNotifications(
  config: Config,
  logger: Logger,
  deps: { db: Db | undefined; fetch: typeof fetch; metrics?: Metrics },
): Promise<RunningNotifications | undefined> {
  if (!config.enable.notifications) return undefined;
  let db = deps.db;
  let ownDb = false;
  if (!db && config.database.url) {
    const { migrate, openDatabase } = await import('../backend');
    db = await openDatabase({ databaseUrl: config.database.url, dataDir: config.dataDir, poolSize: 3 });
    await migrate(db, logger);
    ownDb = true;
  }
  if (!db) {
    logger.warn('notifications are on but there is no database (external BACKEND_URL, no DATABASE_URL)');
    return undefined;
  }
  const api = new Api(config.telegram.token, {
    apiRoot: config.telegram.apiRoot,
    environment: config.telegram.environment,
    fetch: deps.fetch,
    // Well inside a claimed row's lease, so an unanswered request never outlives it.
    timeoutSeconds: 15,
  });
  const engine = createNotificationEngine({
    db,
    api,
    logger,
    links: { secret: config.links.secret, ttlSeconds: config.links.ttlSeconds, publicUrl: config.publicUrl },
    options: {
      ratePerSecond: config.notifications.ratePerSecond,
      paidRatePerSecond: config.notifications.paidRatePerSecond,
    },
    ...(deps.metrics ? { onOutcome: deps.metrics.delivery } : {}),
  });
  // On its own database (a copy without the backend), the queue depth comes from there.
  if (ownDb && deps.metrics) deps.metrics.setDatabase(databaseProbe(db));
  engine.start();
  return {
    async stop() {
      await engine.stop();
      if (ownDb) await db.close();
    },
  };
}

/** What /metrics reads from a database: whether it answers, its pool, the notification queue. */
export function databaseProbe(db: Db): DatabaseProbe {
  return {
    kind: db.kind,
    ping: async () => {
      await db.query('select 1');
    },
    ...(db.poolStats ? { pool: () => (db.poolStats as NonNullable<Db['poolStats']>)() } : {}),
    // From the per-occurrence counters: a scrape does not count a backlog of a million rows.
    queuedDeliveries: () => queuedTotal(db),
  };
}
