// The screens' calls (spec §7) through the real backend routes (Fastify inject: routing, proof,
// contract validation, policy, SQL), timed on two databases of one PostgreSQL server: the demo
// data and national-scale data (national-data.ts). For each call in turn: the demo database and
// the national one with the notification engine stopped, taking turns every 40 calls, then the
// national one while the engine drains a send-now to every DA (a stub Telegram answering in 20 ms
// at 30/s); so other work on the machine blurs all three alike. Sequential, then 8 requests at
// once (c=8: client and server share one process, so it includes the client's own queueing).
// Run by scripts/bench/national.ts.

import { backendPlugin, type Db } from '@gebere/bot/backend';
import { createNotificationEngine } from '@gebere/bot/notifications';
import Fastify from 'fastify';
import { pino } from 'pino';
import { BENCH_AUTH, initData } from './backend-server';
import { actorOf, type Scenario, scenarios } from './screens-calls';

export const CONCURRENCY = 8;
export interface Timing {
  /** Milliseconds of each call. */
  times: number[];
  /** Calls a second over the whole run. */
  rate: number;
}

/** Calls are timed in slices of this many, the sides taking turns (5 rounds of 8 at c=8). */
const SLICE = 40;

/** One call of `s` on `served`: its milliseconds (a non-2xx answer stops the benchmark). */
async function callOnce(served: Served, s: Scenario): Promise<number> {
  const c = s.call();
  const proof = c.service ? `Bearer ${BENCH_AUTH.serviceToken}` : `tma ${initData(served.actor.telegramId)}`;
  const t0 = performance.now();
  const r = await served.app.inject({
    method: c.method,
    url: `/backend${c.url}`,
    headers: { authorization: proof, ...(c.body ? { 'content-type': 'application/json' } : {}) },
    ...(c.body ? { payload: JSON.stringify(c.body) } : {}),
  });
  const ms = performance.now() - t0;
  if (r.statusCode >= 300) throw new Error(`${s.name}: ${r.statusCode} ${r.body.slice(0, 300)}`);
  return ms;
}

/**
 * `runs` calls on each side, `concurrency` at once, the sides taking turns every SLICE calls so
 * that a burst of other work on the machine falls on both; after 10 calls each to warm up.
 */
async function measure(
  sides: Array<{ served: Served; scenario: Scenario }>,
  concurrency: number,
  runs: number,
): Promise<Timing[]> {
  for (const side of sides) for (let i = 0; i < 10; i++) await callOnce(side.served, side.scenario);
  const out = sides.map(() => ({ times: [] as number[], ms: 0 }));
  for (let done = 0; done < runs; done += SLICE) {
    for (const [k, side] of sides.entries()) {
      const o = out[k] as (typeof out)[number];
      let left = Math.min(SLICE, runs - done);
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (left-- > 0) o.times.push(await callOnce(side.served, side.scenario));
        }),
      );
      o.ms += performance.now() - t0;
    }
  }
  return out.map((o) => ({ times: o.times, rate: runs / (o.ms / 1000) }));
}

/** The backend over `db`, acting as its bench DA. */
async function serve(db: Db) {
  const actor = await actorOf(db);
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await app.register(backendPlugin, { prefix: '/backend', db, auth: BENCH_AUTH });
  await app.ready();
  return { app, actor, db, scenarios: scenarios(actor) };
}
type Served = Awaited<ReturnType<typeof serve>>;

/** The real engine draining at 30/s into a stub Telegram that answers in 20 ms. */
function engineOn(db: Db) {
  let id = 0;
  const e = createNotificationEngine({
    db,
    api: { sendMessage: () => new Promise((resolve) => setTimeout(() => resolve({ message_id: ++id }), 20)) },
    logger: pino({ level: 'silent' }),
    links: {
      secret: 'bench-link-secret-0123456789abcdef',
      ttlSeconds: 3600,
      publicUrl: 'https://bench.example',
    },
    options: { ratePerSecond: 30, tickMs: 1000 },
  });
  e.start();
  return () => e.stop();
}

const deliveries = async (db: Db, status: 'queued' | 'sent') =>
  Number(
    (
      await db.query<{ n: number }>(
        'select count(*)::int as n from notification_deliveries where status = $1',
        [status],
      )
    ).rows[0]?.n,
  );

/**
 * Queues a send-now to every DA of the national database and lets the engine plan it (and the
 * recurring notifications' occurrences) until the queue stops growing; returns its depth.
 */
async function queueBroadcast(national: Served, log: (s: string) => void): Promise<number> {
  await national.db.query(
    `insert into location_notifications (name, message, content_type, location_type, send_now, created_by)
     values ('Bench broadcast', 'Rain is coming.', 'reach', 'all', true, $1)`,
    [national.actor.botUserId],
  );
  const stop = engineOn(national.db);
  const t0 = performance.now();
  let last = -1;
  let depth = 0;
  // Planned once the queue holds rows and stopped growing between two looks 3 s apart.
  while ((depth === 0 || depth > last) && performance.now() - t0 < 900_000) {
    await new Promise((r) => setTimeout(r, 3000));
    last = depth;
    depth = await deliveries(national.db, 'queued');
  }
  await stop();
  log(
    `engine planned ${depth.toLocaleString('en')} queued deliveries in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return depth;
}

export type Side = 'demo' | 'idle' | 'engine';
export interface CallResult {
  name: string;
  read: boolean;
  seq: Record<Side, Timing>;
  c8: Record<Side, Timing>;
}

/**
 * Every call on the demo database and the national one idle, in turns, then on the national one
 * with the engine draining (started for that call alone, 3 s before it is timed). `runs`
 * calls each.
 */
export async function benchScreens(demoDb: Db, nationalDb: Db, runs: number, log: (s: string) => void) {
  const demo = await serve(demoDb);
  const national = await serve(nationalDb);
  await queueBroadcast(national, log);
  const sent = await deliveries(nationalDb, 'sent');
  const results: CallResult[] = [];
  for (const [i, s] of demo.scenarios.entries()) {
    const n = national.scenarios[i] as Scenario;
    const pair = [
      { served: demo, scenario: s },
      { served: national, scenario: n },
    ];
    const [demoSeq, idleSeq] = (await measure(pair, 1, runs)) as [Timing, Timing];
    const [demoC8, idleC8] = (await measure(pair, CONCURRENCY, runs)) as [Timing, Timing];
    const stop = engineOn(nationalDb);
    // Past the restarted engine's first ticks, so what is timed is its steady work.
    await new Promise((r) => setTimeout(r, 3000));
    const [engineSeq] = (await measure([{ served: national, scenario: n }], 1, runs)) as [Timing];
    const [engineC8] = (await measure([{ served: national, scenario: n }], CONCURRENCY, runs)) as [Timing];
    await stop();
    results.push({
      name: s.name,
      read: s.read,
      seq: { demo: demoSeq, idle: idleSeq, engine: engineSeq },
      c8: { demo: demoC8, idle: idleC8, engine: engineC8 },
    });
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  const left = await deliveries(nationalDb, 'queued');
  const during = (await deliveries(nationalDb, 'sent')) - sent;
  log(
    `the engine sent ${during.toLocaleString('en')} while timed; ${left.toLocaleString('en')} still queued`,
  );
  await demo.app.close();
  await national.app.close();
  return results;
}
