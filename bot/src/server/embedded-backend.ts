import type { Config } from '../config';
import type { Logger } from '../log';

/**
 * The embedded extension backend: open the database (PGlite under DATA_DIR, or DATABASE_URL),
 * bring the schema up to date and seed what is missing (cheap on a restart), make sure the
 * records' monthly partitions exist (then hourly), and hand back the plugin to mount. Imported
 * lazily so a copy with ENABLE_BACKEND=false never loads PGlite.
 */
export async function startEmbeddedBackend(config: Config, logger: Logger) {
  const started = Date.now();
  const { backendPlugin, migrate, openDatabase, seed, startPartitionUpkeep } = await import('../backend');
  const log = logger.child({ part: 'backend' });
  const db = await openDatabase({
    databaseUrl: config.database.url,
    dataDir: config.dataDir,
    demoData: config.database.demoData,
    log,
  });
  const opened = Date.now();
  await migrate(db, log);
  const migrated = Date.now();
  await seed(db, { demoData: config.database.demoData, log });
  const seeded = Date.now();
  const partitions = await startPartitionUpkeep(db, log);
  log.info(
    {
      kind: db.kind,
      openMs: opened - started,
      migrateMs: migrated - opened,
      seedMs: seeded - migrated,
      partitionsMs: Date.now() - seeded,
      totalMs: Date.now() - started,
    },
    'database ready',
  );
  return {
    db,
    mount: {
      plugin: backendPlugin,
      options: {
        db,
        logger: log,
        writesPerMinute: config.rateLimit.writesPerMinute,
        readsPerMinute: config.rateLimit.readsPerMinute,
        auth: {
          botToken: config.telegram.token,
          linkSecret: config.links.secret,
          serviceToken: config.backend.serviceToken,
          initDataMaxAgeSeconds: config.telegram.initDataMaxAgeSeconds,
          lateSyncSeconds: config.lateSync.days * 86_400,
        },
        idempotencyHours: config.lateSync.idempotencyHours,
      },
    },
    check: async () => {
      await db.query('select 1');
    },
    close: async () => {
      await partitions.stop();
      await db.close();
    },
  };
}
