import { type OutputOf, type RouteDef, type RouteName, routes, toRouterPath } from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Log } from '../db/log';
import type { Db, Queryable } from '../db/types';
import type { Actor, ActorSource } from './actor-source';
import { auditContext, setAuditContext } from './audit';
import { checkPolicy, checkWho } from './authorize';
import { notFound } from './http-error';
import {
  actorKey,
  claimKey,
  IDEMPOTENCY_REPLAYED_HEADER,
  idempotencyKeyOf,
  readIdempotencyKey,
  requestHash,
  requestPath,
  storeAnswer,
} from './idempotency';
import { pickLanguage } from './messages';
import { zodFieldErrors } from './zod-errors';

/** What every route module gets. */
export interface BackendEnv {
  db: Db;
  actors: ActorSource;
  log: Log;
  /** Check every answer against the contract (tests); a mismatch is a 500 and a log line. */
  validateResponses: boolean;
  /** Register `/x` beside `/x/` when the server does not ignore trailing slashes itself. */
  bothSlashForms: boolean;
  bodyLimit: number;
  /** How long an idempotency key is kept (contract IDEMPOTENCY_TTL_HOURS or longer). */
  idempotencyHours?: number;
  /** Deletes expired idempotency keys now and then (cheap to call on every keyed write). */
  cleanupIdempotencyKeys?: () => Promise<void>;
}

/**
 * The database a handler uses. Reads get the pool (`env.db`); a write gets its request's
 * transaction, which names the writer for the audit trail and, with an `Idempotency-Key`, commits
 * the record and the stored answer together (`transaction` then just runs inside it). Write
 * handlers must use this, never `env.db`.
 */
export interface HandlerDb extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

const inTransaction = (tx: Queryable): HandlerDb => ({
  query: (sql, params) => tx.query(sql, params),
  exec: (sql) => tx.exec(sql),
  transaction: (fn) => fn(tx),
});

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

type In<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<D extends RouteDef> {
  params: In<D['params']>;
  query: In<D['query']>;
  body: In<D['body']>;
  /** null on public routes (no proof is read there). */
  actor: D['policy']['who'] extends 'public' ? null : Actor;
  lang: Language;
  db: HandlerDb;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A success with a status other than the declared one (idempotent re-posts answer 200). */
export class WithStatus<T> {
  constructor(
    readonly status: 200 | 201,
    readonly body: T,
  ) {}
}

type Result<D extends RouteDef> = OutputOf<D['response']> | WithStatus<OutputOf<D['response']>>;

const NAMES = new Map<RouteDef, RouteName>(
  (Object.entries(routes) as Array<[RouteName, RouteDef]>).map(([name, def]) => [def, name]),
);

function alternatePath(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
}

/**
 * Registers one contract route: method and path from the declaration, the proof read (401), the
 * caller checked against the route's declared policy (authorize.ts: who before parsing, the rest
 * after; 403), params, query and body parsed with the declared schemas (a bad path id is 404, a
 * bad query or body is 400 with DRF field messages), and the declared status sent. Handlers see
 * typed, parsed input from a caller already allowed.
 * Writes (POST/PUT/PATCH) run in one transaction that first names the writer for the audit trail
 * (audit.ts). They honour `Idempotency-Key` (contract `idempotency.ts`): the key is
 * claimed, the handler run and its success stored in one transaction; a retry replays it. A keyed
 * write of a `lateSync` route may carry a proof expired within the grace (contract late-sync.ts).
 */
export function serve<D extends RouteDef>(
  app: FastifyInstance,
  env: BackendEnv,
  def: D,
  handler: (ctx: RouteContext<D>) => Promise<Result<D>>,
): void {
  const { params: paramsSchema, query: querySchema, body: bodySchema, response, policy } = def;
  const name = NAMES.get(def);
  if (!name) throw new Error(`serve: ${def.method} ${def.path} is not a route of the contract`);

  const routeHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    let actor: Actor | null = null;
    let late = false;
    if (policy.who !== 'public') {
      // A record captured under a since-expired proof: only a keyed create of a lateSync route.
      const lateSync = policy.lateSync === true && typeof idempotencyKeyOf(request) === 'string';
      const resolved = env.actors.resolve(request, { lateSync });
      actor = resolved instanceof Promise ? await resolved : resolved;
      // Accepted, yet the proof is not live: the grace let it in (for the audit trail).
      late = lateSync && !env.actors.readProof(request.headers.authorization).ok;
      checkWho(actor, policy.who, def.method !== 'GET');
    }
    let params: unknown;
    if (paramsSchema) {
      const r = paramsSchema.safeParse(request.params);
      // A path that does not name a valid id names nothing (DRF's URL patterns do the same).
      if (!r.success) throw notFound();
      params = r.data;
    }
    let query: unknown;
    if (querySchema) {
      const r = querySchema.safeParse(request.query ?? {});
      if (!r.success) throw zodFieldErrors(r.error.issues, request.query).toError();
      query = r.data;
    }
    let body: unknown;
    if (bodySchema) {
      // No body at all reads as an empty object, so each required field says 'Required' (DRF).
      const input = request.body === undefined ? {} : request.body;
      const r = bodySchema.safeParse(input);
      if (!r.success) throw zodFieldErrors(r.error.issues, input).toError();
      body = r.data;
    }
    await checkPolicy(env.db, actor, name, def.method, policy, { params, query, body });
    const run = async (db: HandlerDb): Promise<[number, unknown]> => {
      const ctx = { params, query, body, actor, lang, db, request, reply } as RouteContext<D>;
      const result = await handler(ctx);
      const [status, payload] =
        result instanceof WithStatus ? [result.status, result.body] : [def.status, result];
      if (env.validateResponses) {
        const check = response.safeParse(payload);
        if (!check.success) {
          env.log.error(
            { route: `${def.method} ${def.path}`, issues: check.error.issues },
            'response breaks the contract',
          );
          throw new Error(`response of ${def.method} ${def.path} breaks the contract`);
        }
      }
      return [status, payload];
    };

    if (!WRITE_METHODS.has(def.method)) {
      const [status, payload] = await run(env.db);
      reply.code(status);
      return payload;
    }
    // Every write runs in a transaction that names its writer for the audit trail's triggers.
    const audit = auditContext(def, actor, request, late);
    const key = readIdempotencyKey(request);
    if (key === undefined) {
      const [status, payload] = await env.db.transaction(async (tx) => {
        await setAuditContext(tx, audit);
        return run(inTransaction(tx));
      });
      reply.code(status);
      return payload;
    }
    await env.cleanupIdempotencyKeys?.();
    const claim = {
      actor: actorKey(actor),
      key,
      method: def.method,
      path: requestPath(request.url),
      hash: requestHash(def.method, requestPath(request.url), request.body),
      ...(env.idempotencyHours ? { hours: env.idempotencyHours } : {}),
    };
    // A thrown error rolls the claim back with the writes: errors are not stored, so the client
    // may correct the body and retry with the same key.
    const answer = await env.db.transaction(async (tx) => {
      await setAuditContext(tx, audit);
      const stored = await claimKey(tx, env.db.kind, claim);
      if (stored) return { replayed: true, status: stored.status, payload: stored.body };
      const [status, payload] = await run(inTransaction(tx));
      await storeAnswer(tx, claim.actor, key, { status, body: payload });
      return { replayed: false, status, payload };
    });
    if (answer.replayed) reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
    reply.code(answer.status);
    return answer.payload;
  };

  const url = toRouterPath(def.path);
  const options = { bodyLimit: def.bodyLimit ?? env.bodyLimit };
  app.route({ method: def.method, url, handler: routeHandler, ...options });
  if (env.bothSlashForms)
    app.route({ method: def.method, url: alternatePath(url), handler: routeHandler, ...options });
}
