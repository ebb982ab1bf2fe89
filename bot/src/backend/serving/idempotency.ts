import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_TTL_HOURS,
  isValidIdempotencyKey,
} from '@gebere/contract';
import type { FastifyRequest } from 'fastify';
import type { Log } from '../db/log';
import type { Db, Queryable } from '../db/types';
import { isPgError } from '../db/types';
import type { Actor } from './actor-source';
import { detailError } from './http-error';

export { IDEMPOTENCY_REPLAYED_HEADER };

const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
/** A whole number of hours as SQL; at least the contract's promise. */
const ttl = (hours = IDEMPOTENCY_TTL_HOURS) =>
  `interval '${Math.max(IDEMPOTENCY_TTL_HOURS, Math.ceil(hours))} hours'`;
/** How long a duplicate waits for the first request with its key before answering 409. */
const LOCK_TIMEOUT = '20s';
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** The header's key: undefined without one, null when malformed (each server words its 400). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined | null {
  const raw = request.headers[HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  return isValidIdempotencyKey(key) ? key : null;
}

/** The header's key, or undefined without one; 400 for a malformed one. */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const key = idempotencyKeyOf(request);
  if (key === null) throw detailError(400, 'idempotency_key_invalid');
  return key;
}

export function actorKey(actor: Actor | null): string {
  if (!actor) return 'public';
  return actor.kind === 'service' ? 'service' : `tg:${actor.telegramUserId}`;
}

/** JSON with object keys sorted, so the hash does not depend on a client's key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `/backend/api/x/1/?a=b` and `/backend/api/x/1?a=b` are the same request. */
export function requestPath(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return query === undefined ? trimmed : `${trimmed}?${query}`;
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${canonical(body ?? null)}`)
    .digest('hex');
}

export interface Stored {
  status: number;
  body: unknown;
}

interface Row {
  method: string;
  path: string;
  request_hash: string;
  status: number | null;
  response: unknown;
  expired: boolean;
}

/**
 * Claims `(actor, key)` inside the request's transaction. A key is kept `hours` (the contract's
 * 24 h, or longer when late sync lets an outbox retry a record days after its first attempt). The insert comes first: a concurrent
 * request with the same key blocks on the primary key until this transaction ends, then either
 * finds the stored answer (replay) or, if this one rolled back (an error), claims the key itself.
 * Returns the stored answer to replay, or null when this request owns the key and must run.
 */
export async function claimKey(
  tx: Queryable,
  kind: Db['kind'],
  claim: { actor: string; key: string; method: string; path: string; hash: string; hours?: number },
): Promise<Stored | null> {
  const { actor, key, method, path, hash } = claim;
  const TTL = ttl(claim.hours);
  if (kind === 'postgres') await tx.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
  for (let attempt = 0; attempt < 2; attempt++) {
    let inserted: { rowCount: number };
    try {
      inserted = await tx.query(
        `insert into idempotency_keys (actor, key, method, path, request_hash) values ($1, $2, $3, $4, $5)
         on conflict (actor, key) do nothing`,
        [actor, key, method, path, hash],
      );
    } catch (error) {
      if (isPgError(error) && error.code === '55P03') throw detailError(409, 'idempotency_key_in_progress');
      throw error;
    }
    if (inserted.rowCount === 1) return null;
    const r = await tx.query<Row>(
      `select method, path, request_hash, status, response, created_at < now() - ${TTL} as expired
       from idempotency_keys where actor = $1 and key = $2`,
      [actor, key],
    );
    const row = r.rows[0];
    if (!row) continue; // deleted by a cleanup in between: claim again
    if (row.expired) {
      await tx.query('delete from idempotency_keys where actor = $1 and key = $2', [actor, key]);
      continue;
    }
    if (row.method !== method || row.path !== path || row.request_hash !== hash)
      throw detailError(422, 'idempotency_key_reused');
    // A committed key always has its answer; no status would mean a bug, not a finished request.
    if (row.status === null) throw detailError(409, 'idempotency_key_in_progress');
    return { status: row.status, body: row.response };
  }
  throw detailError(409, 'idempotency_key_in_progress');
}

export async function storeAnswer(tx: Queryable, actor: string, key: string, answer: Stored): Promise<void> {
  await tx.query(
    'update idempotency_keys set status = $3, response = $4::jsonb where actor = $1 and key = $2',
    [actor, key, answer.status, JSON.stringify(answer.body ?? null)],
  );
}

/** Deletes expired keys at most once an hour per process; a failure only logs. */
export function createKeyCleanup(
  db: Db,
  log: Log,
  hours = IDEMPOTENCY_TTL_HOURS,
  everyMs = CLEANUP_EVERY_MS,
): () => Promise<void> {
  const TTL = ttl(hours);
  let last = 0;
  return async () => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    try {
      await db.query(`delete from idempotency_keys where created_at < now() - ${TTL}`);
    } catch (error) {
      log.warn({ err: error }, 'idempotency key cleanup failed');
    }
  };
}
