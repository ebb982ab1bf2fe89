// The screens' calls (spec §7) through the real backend routes (Fastify inject: routing, proof,
// contract validation, policy, SQL) on two databases of one throwaway PostgreSQL server: the demo
// data, and national-scale data (national-data.ts) with the notification engine idle, then while
// it drains a send-now to every DA (a stub Telegram answering in 20 ms at the configured 30/s).
// Each call runs on both databases in turn, so other work on the machine blurs both alike.
// Prints p50/p95/p99 in ms, sequential and with 8 requests at once (c=8), and the load average.
//
//   node scripts/system-deps.mjs --postgres-env > /tmp/pgenv.sh; source /tmp/pgenv.sh
//   nice -n 10 node --import tsx scripts/bench/screens.ts [--scale 1m|15m] [--runs 200]
//
// 1m takes about two minutes and ~0.4 GB; 15m ~5 GB of disk and several minutes of loading.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { backendPlugin, type Db, seed } from '../../bot/src/backend/index';
import { createNotificationEngine } from '../../bot/src/notifications/engine';
import { BENCH_AUTH, initData } from './backend-server';
import { generateNational, SCALES, type Scale } from './national-data';
import { withThrowawayDb } from './throwaway-postgres';

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1m' }, runs: { type: 'string', default: '200' } },
});
const RUNS = Number(values.runs);
const CONCURRENCY = 8;

/** The DA every call acts as: one whose kebele has a group with farmers; linked and VERIFIED. */
interface Actor {
  telegramId: number;
  botUserId: number;
  daId: number;
  phone: string;
  region: number;
  zone: number;
  woreda: number;
  kebele: number;
  group: number;
  farmers: number[];
  advisories: number[];
  category: number;
  valueChain: number;
  notification: number;
}

async function actorOf(db: Db): Promise<Actor> {
  const r = await db.query<{
    da: number;
    phone: string;
    region: number;
    zone: number;
    woreda: number;
    kebele: number;
    grp: number;
  }>(
    `select d.id as da, d.phone_number as phone, d.region_id as region, d.zone_id as zone, d.woreda_id as woreda,
       d.kebele_id as kebele, g.id as grp
     from development_groups g join da_profiles d on d.kebele_id = g.kebele_id
     where exists (select 1 from farmers f where f.development_group_id = g.id)
     order by g.id, d.id limit 1`,
  );
  const a = r.rows[0];
  if (!a) throw new Error('no group with farmers');
  const telegramId = 4_999_000_001;
  const user = await db.query<{ id: number }>(
    `insert into bot_users (telegram_id, chat_id, first_name, verification_status, phone_number)
     values ($1, $1, 'Bench DA', 'VERIFIED', '+251' || $2::text) on conflict (telegram_id) do update set phone_number = excluded.phone_number
     returning id`,
    [telegramId, a.phone],
  );
  const botUserId = Number(user.rows[0]?.id);
  // The DA's profile acts through the bench user (whoever held it before lets go).
  await db.query('update bot_users set da_profile_id = null where da_profile_id = $1', [a.da]);
  await db.query('update bot_users set da_profile_id = $1 where id = $2', [a.da, botUserId]);
  await db.query('update da_profiles set created_by = $1 where id = $2', [botUserId, a.da]);
  const farmers = await db.query<{ id: number }>(
    'select id from farmers where development_group_id = $1 order by id limit 60',
    [a.grp],
  );
  const advisories = await db.query<{ id: number }>('select id from advisories order by id limit 200');
  const vc = await db.query<{ category: number; vc: number }>(
    'select c.id as category, v.id as vc from value_chain_categories c join value_chains v on v.category_id = c.id order by v.id limit 1',
  );
  const n = await db.query<{ id: number }>(
    `insert into location_notifications (name, message, content_type, location_type, frequency, "interval", created_by)
     values ('Bench', 'Record this week''s reach.', 'reach', 'all', 'weekly', 1, $1) returning id`,
    [botUserId],
  );
  return {
    telegramId,
    botUserId,
    daId: Number(a.da),
    phone: a.phone,
    region: Number(a.region),
    zone: Number(a.zone),
    woreda: Number(a.woreda),
    kebele: Number(a.kebele),
    group: Number(a.grp),
    farmers: farmers.rows.map((x) => Number(x.id)),
    advisories: advisories.rows.map((x) => Number(x.id)),
    category: Number(vc.rows[0]?.category),
    valueChain: Number(vc.rows[0]?.vc),
    notification: Number(n.rows[0]?.id),
  };
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  service?: boolean;
}
type Scenario = { name: string; call: (i: number) => Call };

let serial = 0;
function scenarios(a: Actor): Scenario[] {
  const pair = (i: number) => ({
    farmer: a.farmers[i % a.farmers.length] as number,
    advisory: a.advisories[Math.floor(i / a.farmers.length) % a.advisories.length] as number,
  });
  return [
    { name: 'regions', call: () => ({ method: 'GET', url: '/regions/?paginate=false' }) },
    {
      name: 'zones of a region',
      call: () => ({ method: 'GET', url: `/zones/?region=${a.region}&paginate=false` }),
    },
    {
      name: 'woredas of a zone',
      call: () => ({ method: 'GET', url: `/woredas/?zone=${a.zone}&paginate=false` }),
    },
    {
      name: 'kebeles of a woreda',
      call: () => ({ method: 'GET', url: `/kebeles/?woreda=${a.woreda}&paginate=false` }),
    },
    {
      name: 'groups of a kebele',
      call: () => ({ method: 'GET', url: `/api/development-groups/?kebele=${a.kebele}&paginate=false` }),
    },
    {
      name: 'farmers of a group',
      call: () => ({
        method: 'GET',
        url: `/api/farmer-profiles/?outbound_development_group=${a.group}&paginate=false`,
      }),
    },
    {
      name: 'farmers for adoption',
      call: () => ({ method: 'GET', url: `/api/farmerlist-adoption/${a.group}/` }),
    },
    {
      name: 'value chains',
      call: () => ({ method: 'GET', url: `/api/value-chains/${a.category}/?kebele_id=${a.kebele}` }),
    },
    {
      name: 'practices',
      call: () => ({
        method: 'GET',
        url: `/api/practices/?value_chain_id=${a.valueChain}&kebele_id=${a.kebele}`,
      }),
    },
    {
      name: 'advisories by location',
      call: () => ({
        method: 'GET',
        url: `/api/advisory/?value_chain=${a.valueChain}&location=kebele,${a.kebele}`,
      }),
    },
    {
      name: 'DA by phone',
      call: () => ({ method: 'GET', url: `/api/da-profiles/?phone_number=${a.phone}` }),
    },
    {
      name: 'notifications of a creator',
      call: () => ({
        method: 'GET',
        url: `/api/location-notifications/by-creator/${a.botUserId}?paginate=false`,
        service: true,
      }),
    },
    {
      name: 'notification details',
      call: () => ({
        method: 'GET',
        url: `/api/location-notifications/${a.notification}/details`,
        service: true,
      }),
    },
    {
      name: 'POST farmer',
      call: () => {
        serial++;
        return {
          method: 'POST',
          url: '/api/farmer-profiles/',
          body: {
            farmer_name: 'Chaltu',
            father_name: 'Gemechu',
            grand_father_name: 'Tolosa',
            phone_number: `97${String((process.pid * 1000 + serial) % 10_000_000).padStart(7, '0')}`,
            gender: 'female',
            created_by: a.daId,
            kebele: a.kebele,
            development_group: a.group,
          },
        };
      },
    },
    {
      name: 'POST reach',
      call: () => ({ method: 'POST', url: '/api/reach-farmers/', body: { ...pair(serial++), user: a.daId } }),
    },
    {
      name: 'POST reach batch of 50',
      call: () => ({
        method: 'POST',
        url: '/api/reach-farmers/batch/',
        body: { user: a.daId, records: Array.from({ length: 50 }, () => pair(serial++)) },
      }),
    },
    {
      name: 'POST adoption',
      call: () => ({
        method: 'POST',
        url: '/api/adoption/',
        body: { ...pair(serial++), created_by: a.daId, adoption_type: 'SELF_REPORTED' },
      }),
    },
  ];
}

type Stats = { p50: number; p95: number; p99: number };
const stats = (times: number[]): Stats => {
  const s = [...times].sort((x, y) => x - y);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99) };
};

async function measure(app: FastifyInstance, a: Actor, s: Scenario, concurrency: number): Promise<Stats> {
  const auth = { authorization: `tma ${initData(a.telegramId)}` };
  const service = { authorization: `Bearer ${BENCH_AUTH.serviceToken}` };
  const one = async (i: number) => {
    const c = s.call(i);
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
  for (let i = 0; i < 10; i++) await one(i); // warm-up
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < RUNS) times.push(await one(next++));
    }),
  );
  return stats(times);
}

type Column = { label: string; results: Map<string, { seq: Stats; c8: Stats }> };

/** The backend over `db`, acting as its bench DA; `engine()` starts a broadcast drain. */
async function serve(db: Db) {
  const actor = await actorOf(db);
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await app.register(backendPlugin, { prefix: '/backend', db, auth: BENCH_AUTH });
  await app.ready();
  return {
    app,
    actor,
    scenarios: scenarios(actor),
    /** A send-now to every DA, drained at 30/s by the real engine against a stub Telegram. */
    async engine() {
      await db.query(
        `insert into location_notifications (name, message, content_type, location_type, send_now, created_by)
         values ('Bench broadcast', 'Rain is coming.', 'reach', 'all', true, $1)`,
        [actor.botUserId],
      );
      let id = 0;
      const e = createNotificationEngine({
        db,
        api: {
          sendMessage: () => new Promise((resolve) => setTimeout(() => resolve({ message_id: ++id }), 20)),
        },
        logger: pino({ level: 'silent' }),
        links: {
          secret: 'bench-link-secret-0123456789abcdef',
          ttlSeconds: 3600,
          publicUrl: 'https://bench.example',
        },
        options: { ratePerSecond: 30, tickMs: 1000 },
      });
      e.start();
      await new Promise((r) => setTimeout(r, 3000));
      return () => e.stop();
    },
  };
}
type Served = Awaited<ReturnType<typeof serve>>;

/**
 * Each call on each database in turn (demo, then national), so a machine busy with other work
 * blurs both sides alike; the ratio between them is the figure that means something.
 */
async function interleaved(sides: Array<{ label: string; served: Served }>): Promise<Column[]> {
  const columns = sides.map((s) => ({
    label: s.label,
    results: new Map<string, { seq: Stats; c8: Stats }>(),
  }));
  const names = sides[0]?.served.scenarios.map((s) => s.name) ?? [];
  for (const [i, name] of names.entries()) {
    for (const [j, side] of sides.entries()) {
      const s = side.served.scenarios[i] as Scenario;
      const a = side.served.actor;
      columns[j]?.results.set(name, {
        seq: await measure(side.served.app, a, s, 1),
        c8: await measure(side.served.app, a, s, CONCURRENCY),
      });
    }
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  return columns;
}

function print(columns: Column[]): void {
  const f = (s: Stats) => `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.p99.toFixed(1)}`;
  const head = ['call (ms p50 / p95 / p99)', ...columns.flatMap((c) => [`${c.label} seq`, `${c.label} c=8`])];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map(() => '---').join(' | ')} |`);
  for (const name of columns[0]?.results.keys() ?? []) {
    const cells = columns.flatMap((c) => {
      const r = c.results.get(name);
      return r ? [f(r.seq), f(r.c8)] : ['', ''];
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}

async function main() {
  const farmers = SCALES[values.scale as Scale];
  if (!farmers) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  const pool = { max: CONCURRENCY + 2 };
  await withThrowawayDb(
    'gebere_screens_demo',
    async (demoDb) => {
      await seed(demoDb, { demoData: true });
      await withThrowawayDb(
        'gebere_screens_national',
        async (db) => {
          // The demo data too: its value chains, practices and advisories are the catalogue.
          await seed(db, { demoData: true });
          const t0 = performance.now();
          await generateNational(db, farmers);
          const size = await db.query<{ mb: number }>(
            'select pg_database_size(current_database()) / 1048576.0 as mb',
          );
          console.log(
            `${values.scale} generated in ${((performance.now() - t0) / 1000).toFixed(0)} s, ${Number(size.rows[0]?.mb).toFixed(0)} MB; load average ${load()}`,
          );
          const demo = await serve(demoDb);
          const national = await serve(db);
          const idle = await interleaved([
            { label: 'demo', served: demo },
            { label: `${values.scale} idle`, served: national },
          ]);
          const stop = await national.engine();
          const running = await interleaved([
            { label: 'demo (2nd)', served: demo },
            { label: `${values.scale} engine`, served: national },
          ]);
          await stop();
          console.log(`load average at the end ${load()}`);
          print([...idle, ...running]);
          await demo.app.close();
          await national.app.close();
        },
        pool,
      );
    },
    pool,
  );
}

await main();
