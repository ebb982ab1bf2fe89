// Shared by the notification tests: a seeded database, the emulator on the same manual clock,
// DAs placed in a known area tree, and notifications inserted as the backend stores them.
import {
  createManualClock,
  type ManualClock,
  type RunningEmulator,
  startEmulator,
} from '@gebere/telegram-emulator';
import { Api } from 'grammy';
import { pino } from 'pino';
import { type DbKind, openTestDb, type TestDb } from '../../test/backend/test-kit/databases';
import type { Db } from '../backend/db/types';
import { createNotificationEngine, type EngineDeps } from './engine';
import { plan } from './planner';
import { type EngineOptions, emptyCounts, manualEngineClock } from './types';

export const LINK_SECRET = 'notification-test-link-secret-0123456789abcdef';
export const PUBLIC_URL = 'https://gebere.example';
export const silent = pino({ level: 'silent' });

/** A kebele with siblings at every level: `near.*` share an ever larger area with `kebele`. */
export interface Tree {
  region: number;
  zone: number;
  woreda: number;
  kebele: number;
  /** Another kebele of the same woreda, a kebele of another woreda of the zone, … */
  sameWoreda: number;
  sameZone: number;
  sameRegion: number;
  elsewhere: number;
}

export async function findTree(db: Db): Promise<Tree> {
  const r = await db.query<Tree>(
    `select z.region_id as region, z.id as zone, w.id as woreda, k.id as kebele,
       (select k2.id from kebeles k2 where k2.woreda_id = w.id and k2.id <> k.id limit 1) as "sameWoreda",
       (select k3.id from kebeles k3 join woredas w3 on w3.id = k3.woreda_id
          where w3.zone_id = z.id and w3.id <> w.id limit 1) as "sameZone",
       (select k4.id from kebeles k4 join woredas w4 on w4.id = k4.woreda_id join zones z4 on z4.id = w4.zone_id
          where z4.region_id = z.region_id and z4.id <> z.id limit 1) as "sameRegion",
       (select k5.id from kebeles k5 join woredas w5 on w5.id = k5.woreda_id join zones z5 on z5.id = w5.zone_id
          where z5.region_id <> z.region_id limit 1) as elsewhere
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
     where exists (select 1 from kebeles k2 where k2.woreda_id = w.id and k2.id <> k.id)
       and exists (select 1 from woredas w3 where w3.zone_id = z.id and w3.id <> w.id)
       and exists (select 1 from zones z4 where z4.region_id = z.region_id and z4.id <> z.id)
     order by k.id limit 1`,
  );
  const tree = r.rows[0];
  if (!tree) throw new Error('seed has no kebele with siblings at every level');
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, Number(v)])) as unknown as Tree;
}

let nextTelegramId = 7_100_000_001;

export interface TestDa {
  botUserId: number;
  telegramId: number;
  daId: number;
  kebele: number;
}

/** A DA as onboarding leaves them: bot user with a linked profile, VERIFIED by default. */
export async function insertDa(
  db: Db,
  kebele: number,
  o: { language?: 'en' | 'am'; status?: 'VERIFIED' | 'PENDING' } = {},
): Promise<TestDa> {
  const telegramId = nextTelegramId++;
  const phone = `9${String(telegramId % 100_000_000).padStart(8, '0')}`;
  const user = await db.query<{ id: number }>(
    `insert into bot_users (telegram_id, chat_id, first_name, language, verification_status)
     values ($1, $1, 'DA', $2, $3) returning id`,
    [telegramId, o.language ?? 'en', o.status ?? 'VERIFIED'],
  );
  const botUserId = Number(user.rows[0]?.id);
  const da = await db.query<{ id: number }>(
    `insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
       region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
     select 'Almaz', 'Bekele', 'Desta', $1, $1, 'female', z.region_id, w.zone_id, k.woreda_id, k.id,
       (select min(id) from da_roles), $2
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.id = $3
     returning id`,
    [phone, botUserId, kebele],
  );
  const daId = Number(da.rows[0]?.id);
  await db.query('update bot_users set da_profile_id = $1 where id = $2', [daId, botUserId]);
  return { botUserId, telegramId, daId, kebele };
}

export interface NotificationInput {
  name?: string;
  message?: string;
  content_type?: 'advisory' | 'reach' | 'adoption' | 'farmer_registration';
  location_type?: 'all' | 'region' | 'zone' | 'woreda' | 'kebele';
  location_id?: number | null;
  send_now?: boolean;
  frequency?: 'weekly' | 'monthly' | null;
  interval?: number | null;
  created_at: number;
  created_by: number;
}

export async function insertNotification(db: Db, n: NotificationInput): Promise<number> {
  const r = await db.query<{ id: number }>(
    `insert into location_notifications (name, message, content_type, send_now, location_type, location_id,
       frequency, "interval", created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $10::timestamptz) returning id`,
    [
      n.name ?? 'Field day',
      n.message ?? 'Bring your notebooks.',
      n.content_type ?? 'reach',
      n.send_now ?? false,
      n.location_type ?? 'all',
      n.location_id ?? null,
      n.frequency ?? null,
      n.interval ?? null,
      n.created_by,
      new Date(n.created_at).toISOString(),
    ],
  );
  return Number(r.rows[0]?.id);
}

/** What the update-settings call does to the row (soft removal, or new fields). */
export async function editNotification(
  db: Db,
  id: number,
  fields: Partial<Omit<NotificationInput, 'created_at' | 'created_by'>> & { active?: boolean },
  at: number,
): Promise<void> {
  const entries = Object.entries(fields);
  const sets = entries.map(([k], i) => `${k === 'interval' ? '"interval"' : k} = $${i + 2}`);
  await db.query(
    `update location_notifications set ${[...sets, `updated_at = $${entries.length + 2}::timestamptz`].join(', ')}
     where id = $1`,
    [id, ...entries.map(([, v]) => v), new Date(at).toISOString()],
  );
}

/** One database per test file (loading the seeded template is the slow part). */
export interface SharedDb {
  db: Db;
  kind: DbKind;
  tree: Tree;
  creator: TestDa;
  close(): Promise<void>;
}

export async function openSharedDb(kind: DbKind): Promise<SharedDb> {
  const testDb: TestDb = await openTestDb(kind);
  const tree = await findTree(testDb.db);
  const creator = await insertDa(testDb.db, tree.elsewhere, { status: 'PENDING' });
  return { db: testDb.db, kind, tree, creator, close: () => testDb.dispose() };
}

type RateLimits = {
  globalPerSecond: number;
  globalBurst: number;
  perChatPerSecond: number;
  perChatBurst: number;
  paidPerSecond?: number;
};

export interface Harness extends SharedDb {
  tg: RunningEmulator;
  clock: ManualClock;
  engine(
    options?: Partial<EngineOptions>,
    deps?: Partial<EngineDeps>,
  ): ReturnType<typeof createNotificationEngine>;
  /** A DA who also exists in the emulator and has started the bot (so may be written to). */
  da(kebele: number, o?: Parameters<typeof insertDa>[2]): Promise<TestDa>;
  /** The bot's messages in a DA's chat. */
  inbox(da: TestDa): Array<{ text?: string; reply_markup?: unknown }>;
  /** The planner alone, at the clock's time: queues what is due (up to a day late), sends nothing. */
  plan(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A clean slate on the shared database (earlier tests' notifications, deliveries and DAs out of
 * the way) and a new emulator on a manual clock; Telegram's rate limits off unless given.
 */
export async function harness(shared: SharedDb, o: { start: number; rate?: RateLimits }): Promise<Harness> {
  const { db } = shared;
  await db.exec(`delete from notification_deliveries; delete from notification_plans;
    delete from notification_sweeps; delete from notification_occurrence_counts; delete from notification_count_changes; delete from location_notifications; update notification_send_rate set next_slot = 'epoch';
    update bot_users set verification_status = 'PENDING';`);
  const clock = createManualClock(o.start);
  const tg = await startEmulator({ clock, limits: o.rate ? { rate: o.rate } : false });
  const api = new Api(tg.token, { apiRoot: tg.apiRoot });
  return {
    ...shared,
    tg,
    clock,
    engine: (options = {}, deps = {}) =>
      createNotificationEngine({
        db,
        api,
        logger: silent,
        links: { secret: LINK_SECRET, ttlSeconds: 3600, publicUrl: PUBLIC_URL },
        clock: manualEngineClock(clock),
        options: { ratePerSecond: 1000, ...options },
        ...deps,
      }),
    async da(kebele, options) {
      const da = await insertDa(db, kebele, options);
      const user = tg.createUser({ id: da.telegramId });
      await user.send('/start');
      return da;
    },
    inbox: (da) => tg.user(da.telegramId).botMessages(),
    plan: () => plan(db, clock.now(), 86_400_000, emptyCounts()),
    close: () => tg.close(),
  };
}

type Tally = { queued: number; sent: number; failed: number };

/**
 * Per occurrence (`notificationId|occurrence ISO`), what the counters say (kept rows by status:
 * folded counts plus pending changes) and what a count over notification_deliveries says; the
 * two must always be equal (migration 012). Occurrences whose kept rows are all zero are left out.
 */
export async function countersAndRows(
  db: Db,
): Promise<{ counters: Record<string, Tally>; rows: Record<string, Tally> }> {
  const read = async (sql: string) => {
    const r = await db.query<{ nid: number; occ: Date } & Tally>(sql);
    const out: Record<string, Tally> = {};
    for (const row of r.rows) {
      const t = { queued: Number(row.queued), sent: Number(row.sent), failed: Number(row.failed) };
      if (t.queued || t.sent || t.failed) out[`${row.nid}|${row.occ.toISOString()}`] = t;
    }
    return out;
  };
  return {
    counters: await read(
      `select notification_id as nid, occurrence as occ, sum(queued)::int as queued, sum(sent)::int as sent,
         sum(failed)::int as failed
       from (select notification_id, occurrence, queued, sent, failed from notification_occurrence_counts
             union all select notification_id, occurrence, queued, sent, failed from notification_count_changes) t
       group by 1, 2`,
    ),
    rows: await read(
      `select notification_id as nid, occurrence as occ, count(*) filter (where status = 'queued')::int as queued,
         count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed
       from notification_deliveries group by 1, 2`,
    ),
  };
}
