import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import type { Db } from '../../../src/backend/db/types';
import { backendPlugin } from '../../../src/backend/index';
import { TEST_AUTH } from './auth-headers';
import { type DbKind, openTestDb } from './databases';
import { Fixtures } from './fixtures';

export interface TestBackend {
  app: FastifyInstance;
  db: Db;
  kind: DbKind;
  fx: Fixtures;
  /** app.inject under /backend with JSON in and out. */
  call(method: InjectOptions['method'], path: string, options?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

export interface CallOptions {
  headers?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string | number>;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely, the contract check is in the app
  body: any;
  raw: LightMyRequestResponse;
}

/**
 * A backend on a private copy of the seeded template, with responses checked against the
 * contract (a mismatch is a 500, which the tests then see).
 */
export async function startBackend(
  kind: DbKind,
  /** writesPerMinute, readsPerMinute: the per-user limits (off unless a test is about them). */
  options: {
    ignoreTrailingSlash?: boolean;
    writesPerMinute?: number;
    readsPerMinute?: number;
    /** Rows per page of a CSV export (ops routes). */
    exportPageSize?: number;
    /** The database the backend sees (e.g. one that counts queries); tests still get the real one. */
    wrapDb?: (db: Db) => Db;
    /** How long idempotency keys are kept (the server's config.lateSync.idempotencyHours). */
    idempotencyHours?: number;
  } = {},
): Promise<TestBackend> {
  const testDb = await openTestDb(kind);
  const app = Fastify({
    logger: false,
    routerOptions: { ignoreTrailingSlash: options.ignoreTrailingSlash ?? true },
  });
  await app.register(backendPlugin, {
    prefix: '/backend',
    db: options.wrapDb ? options.wrapDb(testDb.db) : testDb.db,
    auth: TEST_AUTH,
    validateResponses: true,
    ...(options.writesPerMinute ? { writesPerMinute: options.writesPerMinute } : {}),
    ...(options.readsPerMinute ? { readsPerMinute: options.readsPerMinute } : {}),
    ...(options.exportPageSize ? { exportPageSize: options.exportPageSize } : {}),
    ...(options.idempotencyHours ? { idempotencyHours: options.idempotencyHours } : {}),
  });
  await app.ready();
  const call: TestBackend['call'] = async (method, path, o = {}) => {
    const raw = await app.inject({
      method,
      url: `/backend${path}`,
      ...(o.query
        ? { query: Object.fromEntries(Object.entries(o.query).map(([k, v]) => [k, String(v)])) }
        : {}),
      headers: o.headers ?? {},
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let body: unknown;
    try {
      body = raw.body ? JSON.parse(raw.body) : undefined;
    } catch {
      body = raw.body;
    }
    return { status: raw.statusCode, body, raw };
  };
  const fx = new Fixtures(testDb.db, call);
  await fx.init();
  return {
    app,
    db: testDb.db,
    kind,
    fx,
    call,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}
