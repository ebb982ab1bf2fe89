import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  backendPlugin,
  type Db,
  databaseLimits,
  memoryLimits,
  migrate,
  openDatabase,
  openPostgres,
  seed,
} from '@gebere/bot/backend';
import { AUDITED_TABLES } from '@gebere/contract';
import Fastify from 'fastify';

/**
 * The server side of the backend benchmark, run in its own process so autocannon does not share
 * its event loop: the real backend under /backend, and beside it a hello-world route and bare
 * raw-SQL routes that run the same statements with no validation, no proof and no contract.
 */

export const BENCH_AUTH = { botToken: '1:bench-token', linkSecret: 'bench', serviceToken: 'bench-service' };

/** A mini-app's initData for `telegramId`, signed as Telegram does with the bench bot token. */
export function initData(telegramId: number): string {
  const fields: Record<string, string> = {
    auth_date: String(Math.floor(Date.now() / 1000)),
    user: JSON.stringify({ id: telegramId, first_name: 'Bench' }),
    signature: 'YmVuY2g',
  };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BENCH_AUTH.botToken).digest();
  return new URLSearchParams({
    ...fields,
    hash: createHmac('sha256', secret).update(check).digest('hex'),
  }).toString();
}

// The backend's own statements (routes/farmers.ts listFarmers, routes/records.ts recordOne and
// recordBatch), copied so the raw routes do exactly the same database work.
const FARMERS_SQL = `select f.id, f.farmer_name, f.father_name, f.grand_father_name from farmers f
  where f.development_group_id = $1 order by id`;
const COLS =
  'id, farmer_id as farmer, advisory_id as advisory, created_by as by_id, iso(created_at) as created_at';
const REACH_SQL = `with ins as (
    insert into reach_records (farmer_id, advisory_id, created_by) values ($1, $2, $3)
    returning ${COLS}, true as created)
  select * from ins union all
  select ${COLS}, false from reach_record_keys
  where farmer_id = $1 and advisory_id = $2 and created_by = $3 and not exists (select 1 from ins)`;
const KNOWN_SQL = `select (select array_agg(id) from farmers where id = any($1::bigint[])) as farmers,
  (select array_agg(id) from advisories where id = any($2::bigint[])) as advisories,
  exists (select 1 from da_profiles where id = $3) as da`;
const BATCH_INSERT_SQL = `insert into reach_records (farmer_id, advisory_id, created_by)
  select distinct f, a, $3::bigint from unnest($1::bigint[], $2::bigint[]) as p(f, a)
  returning farmer_id as farmer, advisory_id as advisory`;
const BATCH_READ_SQL = `select t.id, t.farmer_id as farmer, t.advisory_id as advisory from reach_record_keys t
  join (select distinct f, a from unnest($1::bigint[], $2::bigint[]) as p(f, a)) p
    on t.farmer_id = p.f and t.advisory_id = p.a where t.created_by = $3`;

export interface Fixture {
  kebele: number;
  group: number;
  farmers: number[];
  advisories: number[];
  /** One DA per write scenario, so each run inserts fresh pairs. */
  das: Array<{ daId: number; telegramId: number }>;
  /** A national notification manager: reads the country's reports (read-budget.ts). */
  national: number;
}

async function makeFixture(db: Db): Promise<Fixture> {
  const kebele = (await db.query<{ id: number }>('select min(id) as id from kebeles')).rows[0]?.id;
  const role = (await db.query<{ id: number }>('select min(id) as id from da_roles')).rows[0]?.id;
  const das: Fixture['das'] = [];
  for (let i = 0; i < 6; i++) {
    const telegramId = 900_000_000 + i;
    const bu = await db.query<{ id: number }>(
      // VERIFIED: an unverified DA's reads and writes are refused (403), not served.
      `insert into bot_users (telegram_id, chat_id, first_name, verification_status)
       values ($1, $1, 'bench', 'VERIFIED') returning id`,
      [telegramId],
    );
    const k = await db.query<{ id: number; woreda_id: number; zone_id: number; region_id: number }>(
      `select k.id, k.woreda_id, w.zone_id, z.region_id from kebeles k join woredas w on w.id = k.woreda_id
       join zones z on z.id = w.zone_id where k.id = $1`,
      [kebele],
    );
    const a = k.rows[0] as { id: number; woreda_id: number; zone_id: number; region_id: number };
    const da = await db.query<{ id: number }>(
      `insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
         region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
       values ('Bench', 'Da', 'X', $1, $1, 'male', $2, $3, $4, $5, $6, $7) returning id`,
      [
        `9000000${String(i).padStart(2, '0')}`,
        a.region_id,
        a.zone_id,
        a.woreda_id,
        a.id,
        role,
        bu.rows[0]?.id,
      ],
    );
    // Linked and VERIFIED, as a registered DA is: only a VERIFIED DA may write (authorize.ts).
    await db.query(
      "update bot_users set da_profile_id = $1, verification_status = 'VERIFIED' where id = $2",
      [da.rows[0]?.id, bu.rows[0]?.id],
    );
    das.push({ daId: da.rows[0]?.id as number, telegramId });
  }
  const newGroup = async (name: string) =>
    (
      await db.query<{ id: number }>(
        `insert into development_groups (group_name, group_type, kebele_id, created_by) values ($1, 'mixed', $2, $3)
         returning id`,
        [name, kebele, das[0]?.daId],
      )
    ).rows[0]?.id as number;
  const addFarmers = (group: number, n: number) =>
    db.query(
      `insert into farmers (farmer_name, father_name, grand_father_name, phone_number, gender, kebele_id,
         development_group_id, created_by)
       select 'Farmer ' || g, 'Father', 'Grandfather', '9' || lpad(g::text, 8, '0'), 'female', $1, $2, $3
       from generate_series(1, $4::int) g`,
      [kebele, group, das[0]?.daId, n],
    );
  // A realistic group of 30 to read; 2000 more farmers so every write run records fresh pairs.
  const group = await newGroup('Bench');
  await addFarmers(group, 30);
  await addFarmers(await newGroup('Bench writes'), 2000);
  // The bench groups' farmers only: the demo's lie in other kebeles, where these DAs may not record.
  const farmers = (
    await db.query<{ id: number }>('select id from farmers where kebele_id = $1 order by id', [kebele])
  ).rows.map((r) => r.id);
  const advisories = (await db.query<{ id: number }>('select id from advisories order by id')).rows.map(
    (r) => r.id,
  );
  const national = 900_000_100;
  await db.query(
    `insert into bot_users (telegram_id, chat_id, first_name, phone_number) values ($1, $1, 'bench', '+251900000100')`,
    [national],
  );
  await db.query(
    `insert into role_grants (phone_number, role, location_type) values ('+251900000100', 'notification_manager', 'all')`,
  );
  return { kebele: kebele as number, group, farmers, advisories, das, national };
}

/** The per-user read budget of a bench server (read-budget.ts); off by default, as before. */
export interface BenchLimits {
  readsPerMinute?: number;
  /** Where the budget is counted: the shared table, or this process's memory (PGlite's default). */
  store?: 'memory' | 'table';
  /** Run without the audit trail's triggers (the audit benchmark's baseline on PGlite). */
  audit?: boolean;
  /**
   * PostgreSQL: the same database served a second time at `/unaudited`, through connections
   * whose `session_replication_role` is `replica`, where only the audit trail's triggers are
   * left to skip (every other one is made to fire always): the audit benchmark's baseline in the
   * same process, database and tables.
   */
  unaudited?: boolean;
}

async function openBenchDb(
  kind: 'pglite' | 'postgres',
): Promise<{ db: Db; url?: URL; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'gebere-bench-'));
    const db = await openDatabase({ dataDir: dir });
    return { db, cleanup: () => rm(dir, { recursive: true, force: true }) };
  }
  const url = (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL) as string;
  const name = `gebere_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const server = openPostgres({ connectionString: url, max: 1 });
    try {
      await server.exec(sql);
    } finally {
      await server.close();
    }
  };
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: target.toString(), dataDir: '', poolSize: 10 });
  return { db, url: target, cleanup: () => admin(`drop database if exists ${name} with (force)`) };
}

/** The audit trail's triggers off (migration 16's audit_attach made three per table): the baseline. */
async function disableAudit(db: Db): Promise<void> {
  for (const table of AUDITED_TABLES)
    for (const op of ['insert', 'update', 'delete'])
      await db.exec(`alter table ${table} disable trigger ${table}_audit_${op}`);
}

const auditTriggers = new Set(
  AUDITED_TABLES.flatMap((t) => ['insert', 'update', 'delete'].map((op) => `${t}_audit_${op}`)),
);

/**
 * A connection to `url` where the audit trail's triggers do not fire and every other trigger
 * does: those others (the key claims, the rollups, the foreign keys' own) are set to fire always,
 * the audit trail's keep firing only in an ordinary session. A partition's trigger follows its
 * parent's.
 */
async function openUnaudited(db: Db, url: URL): Promise<Db> {
  const triggers = await db.query<{ t: string; name: string }>(
    `select g.tgrelid::regclass::text as t, g.tgname as name from pg_trigger g
     join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and g.tgparentid = 0`,
  );
  for (const { t, name } of triggers.rows)
    if (!auditTriggers.has(name)) await db.exec(`alter table ${t} enable always trigger "${name}"`);
  const replica = new URL(url);
  replica.searchParams.set('options', '-c session_replication_role=replica');
  return openDatabase({ databaseUrl: replica.toString(), dataDir: '', poolSize: 10 });
}

export async function startBenchServer(kind: 'pglite' | 'postgres', limits: BenchLimits = {}) {
  const { db, url, cleanup } = await openBenchDb(kind);
  await migrate(db);
  await seed(db, { demoData: true });
  const fixture = await makeFixture(db);
  if (limits.audit === false) await disableAudit(db);
  const unaudited = limits.unaudited && url ? await openUnaudited(db, url) : undefined;

  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.get('/hello', async () => ({ hello: 'world' }));
  app.get('/raw/farmers', async (request) => {
    const group = Number((request.query as { group: string }).group);
    return (await db.query(FARMERS_SQL, [group])).rows;
  });
  app.post('/raw/reach', async (request, reply) => {
    const b = request.body as { farmer: number; advisory: number; user: number };
    const r = await db.query<{ created: boolean }>(REACH_SQL, [b.farmer, b.advisory, b.user]);
    reply.code(r.rows[0]?.created ? 201 : 200);
    return r.rows[0];
  });
  app.post('/raw/reach-batch', async (request) => {
    const b = request.body as { user: number; records: Array<{ farmer: number; advisory: number }> };
    const f = b.records.map((r) => r.farmer);
    const a = b.records.map((r) => r.advisory);
    await db.query(KNOWN_SQL, [f, a, b.user]);
    await db.query(BATCH_INSERT_SQL, [f, a, b.user]);
    const all = await db.query(BATCH_READ_SQL, [f, a, b.user]);
    return { recorded: all.rows.length, failed: 0, results: all.rows };
  });
  const store = (limits.store ?? (kind === 'postgres' ? 'table' : 'memory')) === 'table';
  await app.register(backendPlugin, {
    prefix: '/backend',
    db,
    auth: BENCH_AUTH,
    readsPerMinute: limits.readsPerMinute ?? 0,
    limits: store ? databaseLimits(async () => db) : memoryLimits(),
  });
  if (unaudited)
    await app.register(backendPlugin, {
      prefix: '/unaudited',
      db: unaudited,
      auth: BENCH_AUTH,
      readsPerMinute: 0,
      limits: databaseLimits(async () => unaudited),
    });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    address,
    fixture,
    async close() {
      await app.close();
      await unaudited?.close();
      await db.close();
      await cleanup();
    },
  };
}

// Child process mode: start, report the address and fixture to the parent, wait to be told to stop.
if (process.argv[2] === '--serve') {
  const kind = process.argv[3] as 'pglite' | 'postgres';
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i < 0 ? undefined : process.argv[i + 1];
  };
  const reads = arg('--reads');
  const store = arg('--store') as BenchLimits['store'];
  const server = await startBenchServer(kind, {
    ...(reads ? { readsPerMinute: Number(reads) } : {}),
    ...(store ? { store } : {}),
    audit: !process.argv.includes('--no-audit'),
    unaudited: process.argv.includes('--unaudited'),
  });
  process.send?.({ address: server.address, fixture: server.fixture });
  process.on('message', async (m) => {
    // CPU time of this process only, so a busy machine does not blur the cost of a request.
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system });
    }
    if (m === 'stop') {
      await server.close();
      process.exit(0);
    }
  });
}
