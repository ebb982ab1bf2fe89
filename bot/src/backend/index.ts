import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ProofOptions } from '../auth/index';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../server/json-depth';
import { type Log, silentLog } from './db/log';
import type { Db } from './db/types';
import { buildOpenApi, docsHtml } from './openapi';
import { registerOpsRoutes } from './ops/routes';
import { registerAdvisoryRoutes } from './routes/advisories';
import { registerAuditRoutes } from './routes/audit';
import { registerBotUserRoutes } from './routes/bot-users';
import { registerDaRoutes } from './routes/das';
import { registerEnrolmentRoutes } from './routes/enrolments';
import { registerFarmerMergeRoutes } from './routes/farmer-merge';
import { registerFarmerRecordRoutes } from './routes/farmer-records';
import { registerFarmerRoutes } from './routes/farmers';
import { registerFeedbackRoutes } from './routes/feedback';
import { registerGrantRoutes } from './routes/grants';
import { registerGroupRoutes } from './routes/groups';
import { registerImportRoutes } from './routes/imports';
import { registerLocationRoutes } from './routes/locations';
import { registerNotificationPauseRoutes } from './routes/notification-pauses';
import { registerNotificationRecipientsRoute } from './routes/notification-recipients';
import { registerNotificationRoutes } from './routes/notifications';
import { registerRecordRoutes } from './routes/records';
import { registerReportUserRoutes } from './routes/report-users';
import { registerReportRoutes } from './routes/reports';
import { registerTakeBackRoutes } from './routes/take-back';
import { registerValueChainRoutes } from './routes/value-chains';
import { createActorSource } from './serving/actor-source';
import { createErrorHandler } from './serving/error-handler';
import { detailError } from './serving/http-error';
import { createKeyCleanup } from './serving/idempotency';
import { message, pickLanguage } from './serving/messages';
import { listHeadersOf } from './serving/paginate';
import { type LimitStore, limitStoreFor } from './serving/rate-limits';
import { limitRequests } from './serving/request-limits';
import type { BackendEnv } from './serving/serve';

export type { Log } from './db/log';
export { migrate } from './db/migrate';
export { type OpenDatabaseOptions, openDatabase } from './db/open';
export { ensureRecordPartitions, type PartitionUpkeep, startPartitionUpkeep } from './db/partitions';
export { openPglite, pgliteDb } from './db/pglite';
export { openPostgres } from './db/postgres';
export { type SeedOptions, type SeedReport, seed } from './db/seed';
export type { Db, Queryable, QueryResult } from './db/types';
export { buildOpenApi } from './openapi';
export { APPLIES, APPLIES_INDEXED, applicableCte } from './routes/areas';
export { deliveryProgress } from './routes/notifications';
export { buildReport } from './routes/reports';
export { message } from './serving/messages';
export { databaseLimits, type LimitStore, limitStoreFor, memoryLimits } from './serving/rate-limits';

export interface BackendPluginOptions {
  db: Db;
  auth: ProofOptions;
  logger?: Log;
  /** Check every answer against the contract; on in tests, off in production. */
  validateResponses?: boolean;
  /** Largest accepted request body in bytes (256 KB). */
  bodyLimit?: number;
  /** How long a Telegram user's bot user and DA profile are cached (5 s). */
  actorCacheMs?: number;
  /**
   * Writes (POST/PUT/PATCH/DELETE) one Telegram user may make per minute, keyed by the user of
   * the request's proof (the address when it has no valid proof); the service token is not
   * limited. 0 or absent: no limit (the companion server passes RATE_LIMIT_WRITES_PER_MINUTE).
   */
  writesPerMinute?: number;
  /** Read units per user per minute (serving/request-limits.ts; RATE_LIMIT_READS_PER_MINUTE). */
  readsPerMinute?: number;
  /**
   * Where the limits are counted: the companion server's store (shared by every copy on
   * PostgreSQL); absent, the one {@link limitStoreFor} picks for `db`.
   */
  limits?: LimitStore;
  /** Rows per page of a CSV export (ops/exports.ts; 1000). */
  exportPageSize?: number;
  /**
   * How long idempotency keys are kept: the contract's 24 h, or longer so that an outbox's retry
   * of a late record (auth.lateSyncSeconds) days after its first attempt is still a replay.
   */
  idempotencyHours?: number;
}

const DEFAULT_BODY_LIMIT = 256 * 1024;

function ignoresTrailingSlash(app: FastifyInstance): boolean {
  const config = app.initialConfig as {
    ignoreTrailingSlash?: boolean;
    routerOptions?: { ignoreTrailingSlash?: boolean };
  };
  return Boolean(config.routerOptions?.ignoreTrailingSlash || config.ignoreTrailingSlash);
}

/**
 * The embedded extension backend: every route of the contract, mounted by the companion server
 * with `app.register(backendPlugin, { prefix: '/backend', … })`. Encapsulated on purpose: its
 * error handler, 404 handler and body parsers apply to /backend only.
 */
export const backendPlugin: FastifyPluginAsync<BackendPluginOptions> = async (app, options) => {
  const log = options.logger ?? app.log ?? silentLog;
  const env: BackendEnv = {
    db: options.db,
    actors: createActorSource(options.db, options.auth, options.actorCacheMs),
    log,
    validateResponses: options.validateResponses ?? false,
    bothSlashForms: !ignoresTrailingSlash(app),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    ...(options.idempotencyHours ? { idempotencyHours: options.idempotencyHours } : {}),
    cleanupIdempotencyKeys: createKeyCleanup(options.db, log, options.idempotencyHours),
  };

  const spendReads = limitRequests(app, env.actors, {
    store: options.limits ?? limitStoreFor(options.db.kind, async () => options.db, { log }),
    ...(options.writesPerMinute ? { writesPerMinute: options.writesPerMinute } : {}),
    ...(options.readsPerMinute ? { readsPerMinute: options.readsPerMinute } : {}),
  });

  // JSON only (415 for the rest), parsed here so a syntax error can say what is wrong, and
  // refused (400) when nested deeper than MAX_JSON_DEPTH before anything recurses over it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: env.bodyLimit },
    (_req, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      if (jsonTooDeep(text))
        return done(detailError(400, 'json_too_deep', { levels: MAX_JSON_DEPTH }), undefined);
      try {
        done(null, JSON.parse(text));
      } catch (error) {
        done(error as SyntaxError, undefined);
      }
    },
  );
  // A paginate=false list's total and truncation (http/paginate.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    const headers = reply.statusCode === 200 ? listHeadersOf(request) : undefined;
    if (headers) reply.headers(headers);
    return payload;
  });
  app.setErrorHandler(createErrorHandler('backend'));
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: message(pickLanguage(request.headers['accept-language']), 'not_found') });
  });

  registerLocationRoutes(app, env);
  registerGroupRoutes(app, env);
  registerFarmerRoutes(app, env);
  registerFarmerRecordRoutes(app, env);
  registerFarmerMergeRoutes(app, env);
  registerDaRoutes(app, env);
  registerReportUserRoutes(app, env);
  registerReportRoutes(app, env, spendReads);
  registerBotUserRoutes(app, env);
  registerValueChainRoutes(app, env);
  registerAdvisoryRoutes(app, env);
  registerFeedbackRoutes(app, env);
  registerRecordRoutes(app, env);
  registerTakeBackRoutes(app, env);
  registerNotificationRoutes(app, env);
  registerNotificationPauseRoutes(app, env);
  registerNotificationRecipientsRoute(app, env);
  registerGrantRoutes(app, env);
  registerEnrolmentRoutes(app, env);
  registerImportRoutes(app, env);
  registerAuditRoutes(app, env);
  registerOpsRoutes(app, env, options.exportPageSize ? { exportPageSize: options.exportPageSize } : {});

  let spec: ReturnType<typeof buildOpenApi> | undefined;
  const getSpec = () => {
    spec ??= buildOpenApi(app.prefix || '/');
    return spec;
  };
  app.get('/docs/openapi.json', async () => getSpec());
  const html = () => docsHtml(getSpec(), `${app.prefix}/docs/openapi.json`);
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html()));
  if (env.bothSlashForms)
    app.get('/docs/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html()));
};
