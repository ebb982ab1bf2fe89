import type { HandBackResponse } from '@gebere/contract';
import { IDEMPOTENCY_TTL_HOURS } from '@gebere/contract';
import type { Db } from '../../../backend/db/types';

/**
 * Hand-backs already delivered, by the screen's `Idempotency-Key`, so a summary reaches the chat
 * once even when the answer to /tg/result is lost on a 2G link and the DA presses again.
 *
 * Unlike the backend's keys (claimed inside the write's transaction), a hand-back's work is a
 * call to Telegram: no transaction is held open across it (PGlite has one connection). The key is
 * claimed first (pending), then settled with the answer, or released when Telegram refused so a
 * later press can try again. A pending key older than {@link PENDING_STALE_MS} belongs to a copy
 * that died mid-send: it may be claimed again — at worst one repeated summary after a crash,
 * never a lost one (the record itself is saved before any hand-back). Settling and releasing name
 * the claim (`token`), so a send that outlived its claim never frees or fills a newer one.
 */
export type Claim =
  | { state: 'run'; token: string }
  | { state: 'replay'; answer: HandBackResponse }
  | { state: 'busy' }
  | { state: 'reused' };

export interface DeliveredKeys {
  claim(actor: string, key: string, hash: string): Promise<Claim>;
  settle(actor: string, key: string, token: string, answer: HandBackResponse): Promise<void>;
  release(actor: string, key: string, token: string): Promise<void>;
}

/**
 * Longer than a send can take: the Bot API client's own timeout and retries (auto-retry waits
 * out Telegram's retry_after) can keep one delivery going for minutes.
 */
export const PENDING_STALE_MS = 5 * 60_000;
const TTL_MS = IDEMPOTENCY_TTL_HOURS * 3_600_000;
const METHOD = 'POST';
const PATH = '/tg/result';

interface Entry {
  hash: string;
  answer: HandBackResponse | null;
  at: number;
  token: string;
}

function decide(entry: Entry, hash: string, now: number): Claim | 'expired' {
  if (now - entry.at > TTL_MS) return 'expired';
  if (entry.hash !== hash) return { state: 'reused' };
  if (entry.answer) return { state: 'replay', answer: entry.answer };
  return now - entry.at > PENDING_STALE_MS ? 'expired' : { state: 'busy' };
}

/** One process's memory: a server without a database (no backend configured). */
export function memoryDeliveredKeys(now: () => number = Date.now): DeliveredKeys {
  const entries = new Map<string, Entry>();
  const id = (actor: string, key: string) => `${actor}\n${key}`;
  let claims = 0;
  const mine = (actor: string, key: string, token: string) => {
    const entry = entries.get(id(actor, key));
    return entry?.token === token && entry.answer === null ? entry : undefined;
  };
  return {
    async claim(actor, key, hash) {
      const at = now();
      const existing = entries.get(id(actor, key));
      const decision = existing ? decide(existing, hash, at) : 'expired';
      if (decision !== 'expired') return decision;
      if (entries.size > 50_000) {
        for (const [k, e] of entries) if (at - e.at > TTL_MS) entries.delete(k);
      }
      const token = String(++claims);
      entries.set(id(actor, key), { hash, answer: null, at, token });
      return { state: 'run', token };
    },
    async settle(actor, key, token, answer) {
      const entry = mine(actor, key, token);
      if (entry) entry.answer = answer;
    },
    async release(actor, key, token) {
      if (mine(actor, key, token)) entries.delete(id(actor, key));
    },
  };
}

interface Row {
  request_hash: string;
  response: HandBackResponse | null;
  age_ms: number;
  /** The claim's token: its created_at, to the microsecond. */
  token: string;
}

/**
 * In the database's `idempotency_keys` (migration 003), shared by every copy of the server. The
 * embedded backend's hourly cleanup removes them after the same 24 hours; elsewhere an expired
 * key is replaced when it is claimed again.
 */
export function dbDeliveredKeys(database: () => Promise<Db>): DeliveredKeys {
  return {
    async claim(actor, key, hash) {
      const db = await database();
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = await db.query<{ token: string }>(
          `insert into idempotency_keys (actor, key, method, path, request_hash) values ($1, $2, $3, $4, $5)
           on conflict (actor, key) do nothing returning created_at::text as token`,
          [actor, key, METHOD, PATH, hash],
        );
        const claimed = inserted.rows[0];
        if (claimed) return { state: 'run', token: claimed.token };
        const r = await db.query<Row>(
          `select request_hash, response, (extract(epoch from now() - created_at) * 1000)::float8 as age_ms,
             created_at::text as token
           from idempotency_keys where actor = $1 and key = $2 and method = $3 and path = $4`,
          [actor, key, METHOD, PATH],
        );
        const row = r.rows[0];
        // Another route's key of the same name: a different request.
        if (!row) return { state: 'reused' };
        const seen = { hash: row.request_hash, answer: row.response, at: 0, token: row.token };
        const decision = decide(seen, hash, row.age_ms);
        if (decision !== 'expired') return decision;
        // Expired or abandoned: take it over only if nobody else did meanwhile.
        await db.query(
          'delete from idempotency_keys where actor = $1 and key = $2 and created_at = $3::timestamptz',
          [actor, key, row.token],
        );
      }
      return { state: 'busy' };
    },
    async settle(actor, key, token, answer) {
      const db = await database();
      await db.query(
        `update idempotency_keys set status = 200, response = $4::jsonb
         where actor = $1 and key = $2 and created_at = $3::timestamptz and response is null`,
        [actor, key, token, JSON.stringify(answer)],
      );
    },
    async release(actor, key, token) {
      const db = await database();
      await db.query(
        'delete from idempotency_keys where actor = $1 and key = $2 and created_at = $3::timestamptz and response is null',
        [actor, key, token],
      );
    },
  };
}
