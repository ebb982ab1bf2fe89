import type { Log } from '../db/log';
import type { Db } from '../db/types';

/**
 * Per-user limits as a sliding window: at most `limit` units in any `windowMs`, never twice the
 * limit across a window's edge (a fixed window let one user through 99 writes in 9 s). The window
 * is kept as BUCKETS + 1 counts of windowMs / BUCKETS each, the oldest counted whole, so the
 * window counted always covers the last `windowMs` and the rule errs on refusing: a user who
 * spent the whole budget at once waits between one window and one window plus a bucket.
 *
 * Two stores: this process's memory (PGlite: one process per data directory, so memory is
 * shared by all it serves) and PostgreSQL's `rate_limits` (migration 17), one row per key changed
 * by one statement, shared by every copy of the server on the database.
 */

export interface LimitRule {
  /** Units allowed in any window (a request costs 1 unless weighed). */
  limit: number;
  windowMs: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number };

export interface LimitStore {
  /** Spends `cost` units of `key`'s budget under `rule` when it has them; never throws. */
  take(key: string, rule: LimitRule, cost?: number): Promise<Verdict>;
}

export const BUCKETS = 30;

/** A key's counts: `counts[i]` is what was spent in bucket `base + i`; BUCKETS + 1 of them. */
export interface Window {
  base: number;
  counts: number[];
}

const widthOf = (rule: LimitRule) => rule.windowMs / BUCKETS;

/** The newest bucket: now's, or one a copy with a clock slightly ahead already counted in. */
const newestOf = (w: Window | undefined, bucket: number) => Math.max(bucket, w ? w.base + BUCKETS : bucket);

/** What is spent in the buckets from `from` on. */
function spentSince(w: Window | undefined, from: number): number {
  if (!w) return 0;
  let sum = 0;
  for (let i = 0; i < w.counts.length; i++) if (w.base + i >= from) sum += w.counts[i] ?? 0;
  return sum;
}

/** The window after spending `cost` now (bucket `bucket`), whether or not it fits. */
function spend(w: Window | undefined, bucket: number, cost: number): Window {
  const newest = newestOf(w, bucket);
  const base = newest - BUCKETS;
  const counts = Array.from({ length: BUCKETS + 1 }, (_, i) => {
    const old = w ? (w.counts[base + i - w.base] ?? 0) : 0;
    return base + i === newest ? old + cost : old;
  });
  return { base, counts };
}

/** Whether `cost` more fits into the window counted at `now`. */
export function fits(w: Window | undefined, rule: LimitRule, now: number, cost: number): boolean {
  const newest = newestOf(w, Math.floor(now / widthOf(rule)));
  return spentSince(w, newest - BUCKETS) + cost <= rule.limit;
}

/** How long until `cost` fits: until enough of the oldest buckets have left the window. */
export function waitFor(w: Window | undefined, rule: LimitRule, now: number, cost: number): number {
  const width = widthOf(rule);
  const newest = newestOf(w, Math.floor(now / width));
  for (let ahead = 1; ahead <= BUCKETS + 1; ahead++)
    if (spentSince(w, newest + ahead - BUCKETS) + cost <= rule.limit)
      return Math.max(1, (newest + ahead) * width - now);
  return rule.windowMs;
}

/** A cost the rule can ever admit: a request weighed above the whole budget needs all of it. */
const costFor = (rule: LimitRule, cost: number) => Math.min(Math.max(1, cost), rule.limit);

/** The pure rule over one key's window: admitted (and the new window) or how long to wait. */
export function decide(
  w: Window | undefined,
  rule: LimitRule,
  now: number,
  cost: number,
): { ok: true; next: Window } | { ok: false; retryAfterMs: number } {
  const c = costFor(rule, cost);
  if (!fits(w, rule, now, c)) return { ok: false, retryAfterMs: waitFor(w, rule, now, c) };
  return { ok: true, next: spend(w, Math.floor(now / widthOf(rule)), c) };
}

const MAX_KEYS = 50_000;

/** This process's memory: PGlite's server, a server without a database, the fallback. */
export function memoryLimits(clock: () => number = Date.now): LimitStore {
  const windows = new Map<string, { w: Window; until: number }>();
  return {
    async take(key, rule, cost = 1) {
      const now = clock();
      const verdict = decide(windows.get(key)?.w, rule, now, cost);
      if (!verdict.ok) return verdict;
      if (windows.size >= MAX_KEYS) {
        for (const [k, v] of windows) if (v.until < now) windows.delete(k);
        // Still full (many addresses at once): forget the keys seen first, not the whole map.
        for (const k of windows.keys()) {
          if (windows.size <= MAX_KEYS / 2) break;
          windows.delete(k);
        }
      }
      windows.set(key, { w: verdict.next, until: now + rule.windowMs * 2 });
      return { ok: true };
    },
  };
}

/**
 * Spends in one statement: the row is locked by the insert's conflict, so concurrent requests of
 * one key (on any copy) are counted one after the other; a refusal changes nothing and answers
 * the window as it is, for Retry-After. $1 key, $2 now's bucket, $3 BUCKETS, $4 cost, $5 limit,
 * $6 bucket width (ms).
 */
const TAKE_SQL = `with hit as (
    insert into rate_limits as r (key, base, counts, expires_at)
    values ($1, $2::bigint - $3::int, array_fill(0, array[$3::int]) || $4::int,
            to_timestamp(($2::bigint + $3::int + 1) * $6::float8 / 1000))
    on conflict (key) do update set
      base = greatest($2::bigint, r.base + $3::int) - $3::int,
      counts = array(
        select coalesce(r.counts[(g - r.base + 1)::int], 0)
               + case when g = greatest($2::bigint, r.base + $3::int) then $4::int else 0 end
        from generate_series(greatest($2::bigint, r.base + $3::int) - $3::int,
                             greatest($2::bigint, r.base + $3::int)) g
        order by g),
      expires_at = to_timestamp((greatest($2::bigint, r.base + $3::int) + $3::int + 1) * $6::float8 / 1000)
    where (select coalesce(sum(c), 0) from unnest(r.counts) with ordinality u(c, i)
           where r.base + i - 1 >= greatest($2::bigint, r.base + $3::int) - $3::int) + $4::int <= $5::int
    returning r.base, r.counts
  )
  select true as ok, base::float8 as base, counts from hit
  union all
  select false, base::float8, counts from rate_limits where key = $1 and not exists (select 1 from hit)`;

const READ_SQL = 'select false as ok, base::float8 as base, counts from rate_limits where key = $1';

const SWEEP_SQL = 'delete from rate_limits where expires_at < to_timestamp($1::float8 / 1000)';
const SWEEP_EVERY_MS = 60_000;

interface Row {
  ok: boolean;
  base: number;
  counts: number[];
}
const windowOf = (row: Row): Window => ({ base: Number(row.base), counts: row.counts.map(Number) });

/**
 * PostgreSQL's `rate_limits`, shared by every copy. What the database last answered for a key is
 * kept here too: counts only grow, so a request that would not fit even those is refused without
 * asking (a user flooding past their budget costs a lookup in memory, not a statement). When the
 * database does not answer, this process's memory decides meanwhile (a limit per copy beats none
 * and beats refusing everyone).
 */
export function databaseLimits(
  database: () => Promise<Db>,
  options: { clock?: () => number; log?: Log } = {},
): LimitStore {
  const clock = options.clock ?? Date.now;
  const known = new Map<string, Window>();
  const fallback = memoryLimits(clock);
  let swept = clock();
  let warned = 0;
  return {
    async take(key, rule, cost = 1) {
      const now = clock();
      const c = costFor(rule, cost);
      const seen = known.get(key);
      if (seen && !fits(seen, rule, now, c)) return { ok: false, retryAfterMs: waitFor(seen, rule, now, c) };
      const width = widthOf(rule);
      let row: Row | undefined;
      try {
        const db = await database();
        const args = [key, Math.floor(now / width), BUCKETS, c, rule.limit, width];
        row = (await db.query<Row>(TAKE_SQL, args)).rows[0];
        // A refusal read the window through its statement's snapshot, which is older than the
        // concurrent takes that filled it (or does not see the row at all): read it again, now,
        // for the true Retry-After.
        if (!row || (!row.ok && fits(windowOf(row), rule, now, c)))
          row = (await db.query<Row>(READ_SQL, [key])).rows[0];
        if (now - swept > SWEEP_EVERY_MS) {
          swept = now;
          db.query(SWEEP_SQL, [now]).catch(() => undefined);
        }
      } catch (err) {
        if (now - warned > SWEEP_EVERY_MS) {
          warned = now;
          options.log?.warn({ err }, 'rate limits: the database did not answer; limiting in memory');
        }
        return fallback.take(key, rule, cost);
      }
      // Still unseen (removed by a sweep in between): refused, try soon.
      if (!row) return { ok: false, retryAfterMs: width };
      const w = windowOf(row);
      if (known.size >= MAX_KEYS) known.clear();
      known.set(key, w);
      return row.ok ? { ok: true } : { ok: false, retryAfterMs: waitFor(w, rule, now, c) };
    },
  };
}

/**
 * The store a server uses: the shared table when its database is PostgreSQL (`open` gives it,
 * perhaps lazily), this process's memory on PGlite or without a database.
 */
export function limitStoreFor(
  kind: Db['kind'] | undefined,
  open: (() => Promise<Db>) | undefined,
  options: { clock?: () => number; log?: Log } = {},
): LimitStore {
  return kind === 'postgres' && open ? databaseLimits(open, options) : memoryLimits(options.clock);
}
