import { setTimeout as delay } from 'node:timers/promises';
import { daysBetween, REPORT_MAX_DAYS, type ReportLevel } from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActorSource } from './actor-source';
import { HttpError } from './http-error';
import { type MessageKey, message } from './messages';
import type { LimitRule, LimitStore } from './rate-limits';

/** The backend's per-user limits (docs/authorization.md "Abuse limits"); 0 or absent: off. */
export interface RequestLimits {
  store: LimitStore;
  /** Writes (POST/PUT/PATCH/DELETE) per minute. */
  writesPerMinute?: number;
  /** Read units per minute: a read (GET/HEAD) costs 1, a report {@link reportCost}. */
  readsPerMinute?: number;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const READS = new Set(['GET', 'HEAD']);
const MINUTE = 60_000;

/**
 * What a report costs beside a light read (1): one unit, plus one per 4 weeks of its period for
 * each step up from a woreda (a region's year reads ~10⁵ rollup rows, a kebele's few hundred).
 */
const AREA_WEIGHT: Record<ReportLevel, number> = { kebele: 1, woreda: 1, zone: 2, region: 4, all: 8 };

export function reportCost(level: ReportLevel, from: string, to: string): number {
  const days = Math.min(Math.max(daysBetween(from, to) + 1, 1), REPORT_MAX_DAYS);
  return 1 + Math.ceil(days / 28) * AREA_WEIGHT[level];
}

/** Spends `units` more of the request's read budget, or throws its 429 (no-op when off). */
export type SpendReads = (request: FastifyRequest, units: number) => Promise<void>;

/**
 * How long a refused request is held before its 429 (at most its Retry-After). A refusal costs
 * the server little, but a client flooding 8 connections got ~1,700 of them a second on PGlite,
 * and answering those slowed every other user's reads 12×; held, each connection asks once a
 * second, for the price of an idle socket.
 */
export const REFUSAL_HOLD_MS = 1_000;

/**
 * The 429 of a limit, after {@link REFUSAL_HOLD_MS}: Retry-After, and `{detail}` in `lang` (else
 * the request's language).
 */
export async function tooMany(retryAfterMs: number, key: MessageKey, lang?: Language): Promise<HttpError> {
  await delay(Math.min(retryAfterMs, REFUSAL_HOLD_MS));
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, (asked) => ({ detail: message(lang ?? asked, key, { seconds }) }), {
    'retry-after': String(seconds),
  });
}

/**
 * Every write and every read of the backend is spent from its user's budget, at onRequest: a
 * refused request is answered 429 before its body is read, and writes nothing. A read costs 1
 * there; a report spends the rest of its cost (`SpendReads`) once its area is known, before it
 * reads anything. The user is the proof's Telegram user (a late record's expired proof still
 * counts against its user), else the address; the service token is not limited. The proof is
 * read by the actor source's reader, so a header is verified once per request for both.
 */
export function limitRequests(app: FastifyInstance, actors: ActorSource, limits: RequestLimits): SpendReads {
  const rule = (perMinute: number | undefined): LimitRule | null =>
    perMinute ? { limit: perMinute, windowMs: MINUTE } : null;
  const writes = rule(limits.writesPerMinute);
  const reads = rule(limits.readsPerMinute);
  /** Whose budget a request spends: null for the service token. */
  const whose = (request: FastifyRequest): string | null => {
    const r = actors.readProof(request.headers.authorization);
    if (r.ok && r.proof.kind === 'service') return null;
    const user = r.ok ? r.proof : r.reason === 'expired' ? r.proof : null;
    return user?.kind === 'user' ? `tg:${user.telegramUserId}` : `ip:${request.ip}`;
  };
  const spend = async (request: FastifyRequest, write: boolean, units: number) => {
    const limit = write ? writes : reads;
    const who = limit && whose(request);
    if (!limit || !who) return;
    const verdict = await limits.store.take(`${write ? 'writes' : 'reads'}:${who}`, limit, units);
    if (!verdict.ok) throw await tooMany(verdict.retryAfterMs, write ? 'rate_limited' : 'rate_limited_reads');
  };
  if (writes || reads)
    app.addHook('onRequest', async (request) => {
      if (WRITES.has(request.method)) await spend(request, true, 1);
      else if (READS.has(request.method)) await spend(request, false, 1);
    });
  return (request, units) => (units > 0 ? spend(request, false, units) : Promise.resolve());
}

/**
 * One at a time per user: a user's next heavy read (a report) starts when their previous one has
 * ended. The read budget bounds how many a user gets a minute; this bounds how many run at once,
 * so a user asking for five year-long national reports over five connections holds one of the
 * database's cores, not all of them, and everyone else's reads keep theirs (measured:
 * scripts/bench/read-budget.ts). Per copy of the server: N copies run a user's N at once.
 */
export function oneAtATimePerUser(): <T>(who: string, run: () => Promise<T>) => Promise<T> {
  const last = new Map<string, Promise<unknown>>();
  return (who, run) => {
    const before = last.get(who) ?? Promise.resolve();
    const mine = before.then(run, run);
    const settled = mine.catch(() => undefined);
    last.set(who, settled);
    // The last in line clears the entry, so the map holds only users with a report running.
    void settled.then(() => {
      if (last.get(who) === settled) last.delete(who);
    });
    return mine;
  };
}
