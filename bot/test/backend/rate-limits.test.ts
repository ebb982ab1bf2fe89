import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/backend/db/types';
import {
  BUCKETS,
  databaseLimits,
  decide,
  type LimitRule,
  type LimitStore,
  memoryLimits,
  type Window,
} from '../../src/backend/serving/rate-limits';
import { describeOnBothDatabases, openTestDb, type TestDb } from './test-kit/databases';

const MINUTE: LimitRule = { limit: 60, windowMs: 60_000 };
const T0 = Date.parse('2026-03-02T08:00:00Z');

/** A clock the test moves. */
function testClock(start = T0) {
  let now = start;
  return { now: () => now, set: (ms: number) => (now = ms) };
}

async function burst(store: LimitStore, key: string, n: number, rule = MINUTE, cost = 1) {
  const verdicts = await Promise.all(Array.from({ length: n }, () => store.take(key, rule, cost)));
  return {
    ok: verdicts.filter((v) => v.ok).length,
    waits: verdicts.flatMap((v) => (v.ok ? [] : [v.retryAfterMs])),
  };
}

describe('the sliding window (pure rule)', () => {
  it('never admits more than the limit in any window, whatever the times and costs', () => {
    const rule: LimitRule = { limit: 20, windowMs: 10_000 };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 1, max: 25 })), {
          maxLength: 200,
        }),
        (steps) => {
          let w: Window | undefined;
          let now = T0;
          const admitted: Array<[number, number]> = [];
          for (const [gap, cost] of steps) {
            now += gap;
            const d = decide(w, rule, now, cost);
            if (d.ok) {
              w = d.next;
              admitted.push([now, Math.min(cost, rule.limit)]);
            } else {
              // Retry-After is honest: the same request fits once it has passed.
              expect(d.retryAfterMs).toBeGreaterThan(0);
              expect(decide(w, rule, now + d.retryAfterMs, cost).ok).toBe(true);
            }
          }
          for (const [end] of admitted) {
            const inWindow = admitted
              .filter(([at]) => at > end - rule.windowMs && at <= end)
              .reduce((sum, [, c]) => sum + c, 0);
            expect(inWindow).toBeLessThanOrEqual(rule.limit);
          }
        },
      ),
    );
  });

  it('lets a spent budget back only as its window slides: no second burst at an edge', () => {
    let w: Window | undefined;
    const take = (at: number) => {
      const d = decide(w, MINUTE, at, 1);
      if (d.ok) w = d.next;
      return d;
    };
    // A fixed window opened by the first request closes at T0 + 60 s: spend it all just before.
    expect(take(T0).ok).toBe(true);
    for (let i = 1; i < MINUTE.limit; i++) expect(take(T0 + 59_000).ok).toBe(true);
    const edge = take(T0 + 60_001);
    expect(edge.ok).toBe(false);
    // The one spent at T0 comes back as it leaves the window (at most a bucket late) …
    const first = T0 + 60_001 + (edge.ok ? 0 : edge.retryAfterMs);
    expect(first).toBeLessThanOrEqual(T0 + MINUTE.windowMs + MINUTE.windowMs / BUCKETS);
    expect(take(first).ok).toBe(true);
    const next = take(first);
    expect(next.ok).toBe(false);
    // … and the 59 spent at T0 + 59 s only as they do.
    const rest = first + (next.ok ? 0 : next.retryAfterMs);
    expect(rest).toBeGreaterThanOrEqual(T0 + 59_000 + MINUTE.windowMs);
    expect(rest).toBeLessThanOrEqual(T0 + 59_000 + MINUTE.windowMs + MINUTE.windowMs / BUCKETS);
    for (let i = 0; i < MINUTE.limit - 1; i++) expect(take(rest).ok).toBe(true);
    expect(take(rest).ok).toBe(false);
  });
});

/** What every store must do, on a fresh key per case. */
function storeCases(open: (clock: () => number) => LimitStore) {
  let n = 0;
  const key = () => `test:${++n}:${Math.random()}`;

  it('admits exactly the limit of a burst and says when to come back', async () => {
    const clock = testClock();
    const store = open(clock.now);
    const k = key();
    const first = await burst(store, k, 90);
    expect(first.ok).toBe(60);
    for (const wait of first.waits) {
      expect(wait).toBeGreaterThan(59_000);
      expect(wait).toBeLessThanOrEqual(60_000 + 60_000 / BUCKETS);
    }
    // At a fixed window's edge: nothing more.
    clock.set(T0 + 60_001);
    expect((await burst(store, k, 30)).ok).toBe(0);
    clock.set(T0 + Math.max(...first.waits));
    expect((await burst(store, k, 90)).ok).toBe(60);
  });

  it('weighs a request by its cost, and counts each key apart', async () => {
    const store = open(testClock().now);
    const k = key();
    expect((await burst(store, k, 10, MINUTE, 25)).ok).toBe(2);
    expect((await store.take(k, MINUTE, 10)).ok).toBe(true);
    expect((await store.take(k, MINUTE, 1)).ok).toBe(false);
    // A cost above the whole budget needs all of it, never forever.
    expect((await store.take(key(), MINUTE, 1_000)).ok).toBe(true);
    expect((await burst(store, key(), 61)).ok).toBe(60);
  });
}

describe('memory store', () => {
  storeCases((clock) => memoryLimits(clock));
});

describeOnBothDatabases('database store (%s)', (kind) => {
  let t: TestDb;
  let other: Db;
  let queries = 0;
  beforeAll(async () => {
    t = await openTestDb(kind);
    other = t.db;
  });
  afterAll(() => t?.dispose());
  const counted = (): Db => ({
    ...t.db,
    query: (sql, params) => {
      queries++;
      return t.db.query(sql, params);
    },
  });

  storeCases((clock) => databaseLimits(async () => t.db, { clock }));

  it('is one budget for two copies, and refuses a flood past it without asking the database', async () => {
    const clock = testClock();
    // Two servers' stores on the same database (PostgreSQL: two pools of connections).
    const a = databaseLimits(async () => counted(), { clock: clock.now });
    const b = databaseLimits(async () => other, { clock: clock.now });
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take('copies:1', { limit: 15, windowMs: 60_000 })),
    );
    expect(verdicts.filter((v) => v.ok)).toHaveLength(15);
    // Copy a has seen the spent window: a flood of 500 costs it no statement.
    await a.take('copies:1', { limit: 15, windowMs: 60_000 });
    const before = queries;
    expect((await burst(a, 'copies:1', 500, { limit: 15, windowMs: 60_000 })).ok).toBe(0);
    expect(queries).toBe(before);
    const left = await t.db.query<{ n: number }>(
      `select (select sum(c) from unnest(counts) c)::int as n from rate_limits where key = 'copies:1'`,
    );
    expect(left.rows[0]?.n).toBe(15);
  });

  it('limits in memory meanwhile when the database does not answer', async () => {
    const store = databaseLimits(async () => {
      throw new Error('connection refused');
    });
    expect((await burst(store, 'down:1', 70)).ok).toBe(60);
  });
});
