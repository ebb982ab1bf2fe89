import { explainDatabaseError } from './backend/db/explain';
import { type Config, ConfigError, describeConfig, loadConfig } from './config';
import { createLogger } from './log';
import { startServer } from './server/index';
import { VERSION } from './version';

/** How long a shutdown may take before the process gives up waiting (Docker waits 10 s). */
const SHUTDOWN_GRACE_MS = 8_000;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee .env.example for every variable and its default.\n`);
      process.exit(1);
    }
    throw err;
  }
}

const config = configOrExit();
const logger = createLogger({ level: config.logLevel });
// bootMs: since the process started (Node itself, loading the bundle, reading the config).
logger.info(
  { version: VERSION, ...describeConfig(config), bootMs: Math.round(performance.now()) },
  'starting Gebere',
);

process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled rejection');
  process.exit(1);
});

let exiting = false;

/** Refusals whose message says all an operator needs (a held data directory, a refused token). */
const CLEAR_REFUSALS = new Set([
  'DataDirLockedError',
  'BotTokenRefusedError',
  'SharedSecretsError',
  'DatabaseSetupError',
]);

const starting = startServer(config, logger);
starting.catch((given: unknown) => {
  // A migration refused by the database (PostgreSQL 15's schema privileges) is named like a
  // failure to connect.
  const err = (config.database.url && explainDatabaseError(given, config.database.url)) || given;
  if (err instanceof Error && CLEAR_REFUSALS.has(err.name))
    logger.fatal({ reason: 'reason' in err ? err.reason : err.name }, err.message);
  else logger.fatal({ err }, 'could not start');
  process.exit(1);
});

// A condition no retry fixes (Telegram refusing BOT_TOKEN): one clear line, a clean stop, exit 1.
starting.then(
  (server) =>
    server.fatal.then((err) => {
      if (exiting) return;
      exiting = true;
      logger.fatal({ reason: err.name }, err.message);
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      server.stop().finally(() => process.exit(1));
    }),
  () => {}, // a failed start is handled above
);

// Registered before start-up finishes, so a stop during a slow first run (migrations, seeding)
// waits for it to finish cleanly instead of killing the database mid-write.
function shutdown(signal: NodeJS.Signals) {
  if (exiting) return;
  exiting = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  starting
    .then((server) => server.stop())
    .then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
}
// `on`, not `once`: Ctrl-C reaches the whole process group and npm start's parent passes it on
// too, and a second signal must not kill the process mid-shutdown (shutdown ignores repeats).
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
