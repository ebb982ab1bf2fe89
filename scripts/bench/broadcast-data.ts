// The broadcast benchmark's database: migrated, admin areas imported, N verified DAs spread over
// many kebeles, and one send-now notification per run. PGlite is single-process, so this side
// opens the data dir only between runs; the engine child owns it while it runs.
import { randomBytes } from 'node:crypto';
import { type Db, migrate, openPglite, openPostgres, seed } from '@gebere/bot/backend';

/** Telegram ids of the benchmark's DAs: FIRST_ID + 1 … FIRST_ID + N. */
const FIRST_ID = 8_000_000_000;

export interface BenchDb {
  telegramIds: number[];
  pgliteDir: string;
  /** PostgreSQL database of this run, when on PostgreSQL. */
  url: string | undefined;
  creator: number;
  close(): Promise<void>;
}

async function withDb<T>(b: Pick<BenchDb, 'pgliteDir' | 'url'>, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = b.url ? openPostgres({ connectionString: b.url, max: 2 }) : await openPglite(b.pgliteDir);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** A statement on the server's maintenance database (CREATE / DROP DATABASE). */
async function admin(serverUrl: string, sql: string): Promise<void> {
  const db = openPostgres({ connectionString: serverUrl, max: 1 });
  try {
    await db.exec(sql);
  } finally {
    await db.close();
  }
}

export async function prepareDatabase(o: {
  recipients: number;
  pgliteDir: string;
  postgres: boolean;
}): Promise<BenchDb> {
  let url: string | undefined;
  let serverUrl: string | undefined;
  if (o.postgres) {
    serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!serverUrl)
      throw new Error('--postgres needs TEST_DATABASE_URL (node scripts/system-deps.mjs --postgres-env)');
    const name = `gebere_bench_${randomBytes(4).toString('hex')}`;
    await admin(serverUrl, `create database ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const creator = await withDb({ pgliteDir: o.pgliteDir, url }, async (db) => {
    await migrate(db);
    await seed(db, { demoData: false });
    await db.query(`insert into da_roles (name) values ('Bench DA') on conflict do nothing`);
    await db.query(
      `insert into bot_users (telegram_id, chat_id, first_name, language, verification_status)
       select $1::bigint + g, $1::bigint + g, 'DA ' || g, case when g % 3 = 0 then 'am' else 'en' end, 'VERIFIED'
       from generate_series(1, $2::int) g`,
      [FIRST_ID, o.recipients],
    );
    // Spread over 500 kebeles (and so many woredas, zones and regions).
    await db.query(
      `with k as (select array_agg(id order by id) as ids from (select id from kebeles order by id limit 500) s)
       insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number,
         sex, region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
       select 'Almaz', 'Bekele', 'Desta', '9' || lpad((u.telegram_id - $1::bigint)::text, 8, '0'),
         '9' || lpad((u.telegram_id - $1::bigint)::text, 8, '0'), 'female',
         z.region_id, w.zone_id, kb.woreda_id, kb.id, (select min(id) from da_roles), u.id
       from bot_users u cross join k
       join kebeles kb on kb.id = k.ids[1 + (u.id % array_length(k.ids, 1))]
       join woredas w on w.id = kb.woreda_id join zones z on z.id = w.zone_id
       where u.telegram_id > $1::bigint`,
      [FIRST_ID],
    );
    await db.query(
      `update bot_users u set da_profile_id = p.id from da_profiles p
       where p.created_by = u.id and u.telegram_id > $1::bigint`,
      [FIRST_ID],
    );
    const r = await db.query<{ id: number }>(
      'select min(id) as id from bot_users where telegram_id > $1::bigint',
      [FIRST_ID],
    );
    return Number(r.rows[0]?.id);
  });
  return {
    telegramIds: Array.from({ length: o.recipients }, (_, i) => FIRST_ID + i + 1),
    pgliteDir: o.pgliteDir,
    url,
    creator,
    async close() {
      if (!serverUrl || !url) return;
      const name = new URL(url).pathname.slice(1);
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A send-now notification to everyone, named so its messages can be told apart. */
export async function insertBroadcast(b: BenchDb, name: string): Promise<number> {
  return withDb(b, async (db) => {
    const r = await db.query<{ id: number }>(
      `insert into location_notifications (name, message, content_type, send_now, location_type, created_by)
       values ($1, 'Please register the farmers of your development groups before the field day.',
         'farmer_registration', true, 'all', $2) returning id`,
      [name, b.creator],
    );
    return Number(r.rows[0]?.id);
  });
}
