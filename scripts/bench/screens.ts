// The screens' calls (spec §7) through the real backend routes (Fastify inject: routing, proof,
// contract validation, policy, SQL), timed on two databases of one PostgreSQL server: the demo
// data and national-scale data (national-data.ts). For each call in turn: the demo database, the
// national one with the notification engine stopped, then the national one while the engine
// drains a send-now to every DA (a stub Telegram answering in 20 ms at 30/s); so other work on
// the machine blurs all three alike. Sequential, then 8 requests at once (c=8: client and server
// share one process, so it includes the client's own queueing). Run by scripts/bench/national.ts.
import Fastify from 'fastify';
import { pino } from 'pino';
import { backendPlugin, type Db } from '../../bot/src/backend/index';
import { createNotificationEngine } from '../../bot/src/notifications/engine';
import { BENCH_AUTH, initData } from './backend-server';
import { actorOf, type Scenario, scenarios } from './screens-calls';

export const CONCURRENCY = 8;
export interface Timing {
  /** Milliseconds of each call. */
  times: number[];
  /** Calls a second over the whole run. */
  rate: number;
}

async function measure(served: Served, s: Scenario, concurrency: number, runs: number): Promise<Timing> {
  const { app, actor } = served;
  const auth = { authorization: `tma ${initData(actor.telegramId)}` };
  const service = { authorization: `Bearer ${BENCH_AUTH.serviceToken}` };
  const one = async () => {
    const c = s.call();
    const t0 = performance.now();
    const r = await app.inject({
      method: c.method,
      url: `/backend${c.url}`,
      headers: { ...(c.service ? service : auth), ...(c.body ? { 'content-type': 'application/json' } : {}) },
      ...(c.body ? { payload: JSON.stringify(c.body) } : {}),
    });
    const ms = performance.now() - t0;
    if (r.statusCode >= 300) throw new Error(`${s.name}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return ms;
  };
  for (let i = 0; i < 10; i++) await one(); // warm-up
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < runs) times.push(await one());
    }),
  );
  return { times, rate: runs / ((performance.now() - t0) / 1000) };
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
 * Every call on the demo database, the national one idle, then the national one with the engine
 * draining (started for that call alone, a second before it is timed). `runs` calls each.
 */
export async function benchScreens(demoDb: Db, nationalDb: Db, runs: number, log: (s: string) => void) {
  const demo = await serve(demoDb);
  const national = await serve(nationalDb);
  await queueBroadcast(national, log);
  const sent = await deliveries(nationalDb, 'sent');
  const results: CallResult[] = [];
  for (const [i, s] of demo.scenarios.entries()) {
    const n = national.scenarios[i] as Scenario;
    const both = async (served: Served, sc: Scenario) => ({
      seq: await measure(served, sc, 1, runs),
      c8: await measure(served, sc, CONCURRENCY, runs),
    });
    const d = await both(demo, s);
    const idle = await both(national, n);
    const stop = engineOn(nationalDb);
    await new Promise((r) => setTimeout(r, 1000));
    const engine = await both(national, n);
    await stop();
    results.push({
      name: s.name,
      read: s.read,
      seq: { demo: d.seq, idle: idle.seq, engine: engine.seq },
      c8: { demo: d.c8, idle: idle.c8, engine: engine.c8 },
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
