// The data of scripts/bench/engine-queue.ts, generated in SQL (generate_series) on a throwaway
// database: DAs spread over the country, a morning's backlog of recurring reminders, and a year
// of a weekly "all" under retention.
import type { Db } from '@gebere/bot/backend';
import { DELIVERY_RETENTION_MS, FINGERPRINT, RECIPIENTS_WHERE } from '@gebere/bot/notifications';

const iso = (t: number) => new Date(t).toISOString();
const WEEK = 7 * 86_400_000;

/** Kebeles the DAs are spread over (~3 each), 20 to a woreda, 10 woredas to a zone, 8 zones to a region. */
export const KEBELES = 19_500;
export const areaOf = (kebele: number) => {
  const woreda = 1 + Math.floor((kebele - 1) / 20);
  const zone = 1 + Math.floor((woreda - 1) / 10);
  return { kebele, woreda, zone, region: 1 + Math.floor((zone - 1) / 8) };
};

export interface Sizes {
  users: number;
  notifications: number;
  queued: number;
}

/**
 * `users` verified DAs, `notifications` weekly reminders to everyone created long ago (1 in 20
 * removed), planned up to this morning (`now`, next due in a week), and `queued` deliveries of
 * this morning's occurrence, all due at once (the worst case: no spread window). Bulk loaded
 * without triggers (consistent by construction), then counted as migration 012's triggers would
 * have (engineBackfill; the plans are made here, waking at the next occurrence).
 */
export async function generate(db: Db, s: Sizes, now: number): Promise<void> {
  await db.exec('set session_replication_role = replica');
  await db.query(
    `insert into bot_users (id, telegram_id, chat_id, first_name, language, verification_status)
     overriding system value
     select g, 9000000000 + g, 9000000000 + g, 'DA ' || g, case when g % 3 = 0 then 'am' else 'en' end, 'VERIFIED'
     from generate_series(1, $1::int) g`,
    [s.users],
  );
  await db.query(
    `insert into da_profiles (id, first_name, father_name, grand_father_name, phone_number, telegram_phone_number,
       sex, region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
     overriding system value
     select g, 'Almaz', 'Bekele', 'Desta', '9' || lpad(g::text, 8, '0'), '9' || lpad(g::text, 8, '0'), 'female',
       1 + (w - 1) / 80, 1 + (w - 1) / 10, w, k, 1, g
     from generate_series(1, $1::int) g, lateral (select 1 + g % $2::int as k) kk,
       lateral (select 1 + (k - 1) / 20 as w) ww`,
    [s.users, KEBELES],
  );
  await db.exec('update bot_users set da_profile_id = id');
  await db.query(
    `insert into location_notifications (id, name, message, content_type, location_type, frequency, "interval",
       active, created_by, created_at, updated_at)
     overriding system value
     select g, 'Reminder ' || g, 'Record this week''s reach.', 'reach', 'all', 'weekly', 1, g % 20 <> 0,
       1 + g % $2::int, '2025-01-06T04:00:00Z', '2025-01-06T04:00:00Z'
     from generate_series(1, $1::int) g`,
    [s.notifications, s.users],
  );
  await db.query(
    `insert into notification_plans (notification_id, fingerprint, since, last_occurrence, next_occurrence, wake_at)
     select n.id, ${FINGERPRINT}, n.created_at, $1::timestamptz, $1::timestamptz + interval '7 days',
       case when n.active then $1::timestamptz + interval '7 days' end
     from location_notifications n`,
    [iso(now)],
  );
  await db.query(
    `with live as (select id, row_number() over (order by id) - 1 as k from location_notifications where active),
     c as (select count(*) as n from live)
     insert into notification_deliveries (notification_id, occurrence, bot_user_id, priority, due_at)
     select l.id, $2::timestamptz, 1 + ((g / c.n) * 2609 + g % c.n) % $3::int, 2, $2::timestamptz
     from generate_series(0, $1::int - 1) g cross join c join live l on l.k = g % c.n`,
    [s.queued, iso(now), s.users],
  );
  await engineBackfill(db);
  for (const table of ['bot_users', 'da_profiles', 'location_notifications'])
    await db.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${table}))`, [
      table,
    ]);
  await db.exec('set session_replication_role = origin; analyze');
}

/**
 * What migration 012's triggers would have kept, for data bulk loaded with triggers off
 * (`session_replication_role = replica`; scripts/bench/national-data.ts too): a plan row due at
 * once for every active notification without one (else the planner never looks at it), the
 * delivery counters recounted from the rows (rolled-up counts kept), and the recipients per area.
 * Run it after `session_replication_role = origin`.
 */
export async function engineBackfill(db: Db): Promise<void> {
  await db.exec(`insert into notification_plans (notification_id, fingerprint, wake_at)
      select n.id, '', '-infinity' from location_notifications n
      where n.active and not exists (select 1 from notification_plans p where p.notification_id = n.id);
    delete from notification_count_changes;
    update notification_occurrence_counts set queued = 0, sent = 0, failed = 0;
    insert into notification_occurrence_counts as c (notification_id, occurrence, queued, sent, failed)
      select notification_id, occurrence, count(*) filter (where status = 'queued'),
        count(*) filter (where status = 'sent'), count(*) filter (where status = 'failed')
      from notification_deliveries group by 1, 2
      on conflict (notification_id, occurrence)
        do update set queued = excluded.queued, sent = excluded.sent, failed = excluded.failed;
    delete from da_recipient_counts;
    insert into da_recipient_counts (kebele_id, woreda_id, zone_id, region_id, recipients)
      select p.kebele_id, p.woreda_id, p.zone_id, p.region_id, count(*)
      from da_profiles p join bot_users u on u.da_profile_id = p.id
      where ${RECIPIENTS_WHERE}
      group by 1, 2, 3, 4;`);
}

/**
 * Notification `id`, a weekly "all" created a year before `now`, after a year under retention:
 * this week's and last week's deliveries kept (sent), one week just past the retention period
 * (for the prune to take), and 50 older weeks rolled up. Through the triggers, as the engine
 * would have written them.
 */
export async function yearOfWeeklyAll(db: Db, id: number, users: number, now: number): Promise<void> {
  await db.query(
    `insert into location_notifications (id, name, message, content_type, location_type, frequency, "interval",
       created_by, created_at, updated_at)
     overriding system value values ($1, 'Weekly to all', 'Reach this week.', 'reach', 'all', 'weekly', 1, 1,
       $2::timestamptz, $2::timestamptz)`,
    [id, iso(now - 365 * 86_400_000)],
  );
  for (const age of [0, WEEK, DELIVERY_RETENTION_MS + 86_400_000])
    await db.query(
      `insert into notification_deliveries (notification_id, occurrence, bot_user_id, status, sent_at)
       select $1, $2::timestamptz, g, 'sent', $2::timestamptz from generate_series(1, $3::int) g`,
      [id, iso(now - age), users],
    );
  await db.query(
    `insert into notification_occurrence_counts (notification_id, occurrence, pruned_sent)
     select $1, $2::timestamptz - g * interval '7 days', $3 from generate_series(3, 52) g`,
    [id, iso(now), users],
  );
  await db.exec('analyze notification_deliveries');
}
