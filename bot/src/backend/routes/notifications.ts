import {
  type LocationNotification,
  type NotificationDetails,
  type NotificationPayload,
  routes,
  SEND_NOW_PER_DAY,
} from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import { PRIORITY } from '../../notifications/types';
import type { Queryable } from '../db/types';
import type { Actor } from '../serving/actor-source';
import { FieldErrorSet, forbidden, HttpError, notFound } from '../serving/http-error';
import { message } from '../serving/messages';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { type Ancestors, ancestorsOf } from './areas';

/** A notification as the contract answers it (`n` is location_notifications). */
export const COLUMNS = `n.id, n.name, n.message, n.content_type, n.send_now, n.paid_broadcast, n.location_type, n.location_id,
  n.region_id, n.zone_id, n.woreda_id, n.kebele_id, n.frequency, n."interval", n.active,
  n.paused_reason as paused, iso(n.paused_at) as paused_at, n.created_by, iso(n.created_at) as created_at`;

type Fields = Omit<NotificationPayload, 'created_by'>;

/** Sums of the per-occurrence counters and the changes not yet folded into them (migration 012). */
const COUNTED = (where: string) => `select coalesce(sum(queued), 0)::int as queued,
    coalesce(sum(sent + pruned_sent), 0)::int as sent, coalesce(sum(failed + pruned_failed), 0)::int as failed
  from (select queued, sent, failed, pruned_sent, pruned_failed from notification_occurrence_counts ${where}
        union all
        select queued, sent, failed, pruned_sent, pruned_failed from notification_count_changes ${where}) t`;
const COUNTED_ONE = COUNTED('where notification_id = $1');
const COUNTED_ALL = COUNTED('');

/**
 * Deliveries by status for one notification, or for all: its per-occurrence counters, kept by
 * triggers as rows are queued, sent, failed and pruned, so this reads one small row per
 * occurrence (plus the changes of the last few seconds) and never counts deliveries. Pruned rows
 * stay counted (bot/src/notifications/README.md, "Counters" and "Retention"). The details call's
 * figures; the engine's logs, tests and benchmark read them here too.
 */
export async function deliveryCounts(
  db: Queryable,
  notificationId?: number,
): Promise<{ queued: number; sent: number; failed: number }> {
  // Two texts, not "$1 is null or …": a prepared statement's generic plan could not use the index.
  const r =
    notificationId === undefined
      ? await db.query<{ queued: number; sent: number; failed: number }>(COUNTED_ALL)
      : await db.query<{ queued: number; sent: number; failed: number }>(COUNTED_ONE, [notificationId]);
  const row = r.rows[0];
  return { queued: Number(row?.queued ?? 0), sent: Number(row?.sent ?? 0), failed: Number(row?.failed ?? 0) };
}
/**
 * When notification `id`'s `queued` deliveries should be out (bot/src/notifications/README.md,
 * "Expected finish"), at the rate the engine last recorded for its lane (paid or free): from the
 * later of now (or the lane's next free send slot) and its last row's due time, the rows ahead of
 * it in its lane (paid: the paid rows due by its last; send-now: the send-now rows due by its
 * last; recurring: every send-now row, which go first, and the reminders already due and
 * waiting), at that rate. Reads the
 * notification's own queued rows and the small send-now part of the queue (the already-due
 * recurring backlog is counted up to BACKLOG_COUNTED rows).
 */
export async function deliveryProgress(
  db: Queryable,
  id: number,
  queued: number,
): Promise<{ rate_per_second: number; expected_finish: string | null }> {
  if (queued === 0) {
    // Nothing left to send (the counters say so): only the lane's rate, without reading the
    // queue (a year-old weekly reminder's details are then a handful of small rows).
    const r = await db.query<{ rate: number }>(
      `select r.rate_per_second as rate from location_notifications n
       join notification_send_rate r on r.id = case when n.paid_broadcast then 2 else 1 end where n.id = $1`,
      [id],
    );
    return { rate_per_second: Number(r.rows[0]?.rate ?? 30), expected_finish: null };
  }
  const r = await db.query<{ rate: number; finish: string | null }>(
    `with mine as (
       select n.paid_broadcast as paid, d.last_due, coalesce(d.priority, case when n.paid_broadcast
         then $3::smallint when n.send_now then $4::smallint else $5::smallint end) as priority
       from location_notifications n, (select max(due_at) as last_due, min(priority) as priority
         from notification_deliveries where notification_id = $1 and status = 'queued') d
       where n.id = $1
     ), rate as (select rate_per_second as rate, greatest(next_slot, now()) as start
                 from notification_send_rate, mine
                 where id = case when mine.priority = $3 then 2 else 1 end)
     select rate.rate, iso(
       greatest(rate.start, mine.last_due) + make_interval(secs => (
         (select count(*) from notification_deliveries d
          where d.status = 'queued' and d.priority = $4 and mine.priority <> $3
            and d.due_at <= case when mine.priority = $4 then mine.last_due else 'infinity' end)
         + case when mine.priority = $3 then (select count(*) from notification_deliveries d
             where d.status = 'queued' and d.priority = $3 and d.due_at <= mine.last_due)
           when mine.priority = $4 then 0 else (select count(*) from (
             select 1 from notification_deliveries d
             where d.status = 'queued' and d.priority = $5 and d.due_at <= least(mine.last_due, now())
             limit $2) backlog) end
       ) / rate.rate)) as finish
     from rate, mine`,
    [id, BACKLOG_COUNTED, PRIORITY.paid, PRIORITY.sendNow, PRIORITY.recurring],
  );
  const row = r.rows[0];
  return { rate_per_second: Number(row?.rate ?? 30), expected_finish: row?.finish ?? null };
}
/** Past this many already-due reminders the estimate stops counting (it is hours late anyway). */
const BACKLOG_COUNTED = 100_000;

const LEVEL_FIELDS = ['region_id', 'zone_id', 'woreda_id', 'kebele_id'] as const;

/**
 * The stored target: `location_type` (default all) and `location_id`, plus the ids of the area and
 * the areas above it, derived from `location_id` so the notification engine can match recipients
 * at any level. Ids the client sent must agree with what is derived.
 */
async function resolveTarget(
  q: Queryable,
  f: Fields,
): Promise<Ancestors & { type: string; id: number | null }> {
  const type = f.location_type ?? 'all';
  const errors = new FieldErrorSet();
  const empty: Ancestors = { region_id: null, zone_id: null, woreda_id: null, kebele_id: null };
  if (type === 'all') {
    if (f.location_id != null) errors.add('location_id', 'not_with_all');
    for (const k of LEVEL_FIELDS) if (f[k] != null) errors.add(k, 'not_with_all');
    errors.throwIfAny();
    return { ...empty, type, id: null };
  }
  const id = f.location_id as number;
  const found = await ancestorsOf(q, type, id);
  if (!found) errors.invalidPk('location_id', id);
  else
    for (const k of LEVEL_FIELDS) if (f[k] != null && f[k] !== found[k]) errors.add(k, 'location_mismatch');
  errors.throwIfAny();
  return { ...(found as Ancestors), type, id };
}

const fieldValues = (f: Fields, t: Awaited<ReturnType<typeof resolveTarget>>) => {
  const sendNow = f.send_now ?? false;
  return [
    f.name,
    f.message,
    f.content_type,
    sendNow,
    t.type,
    t.id,
    t.region_id,
    t.zone_id,
    t.woreda_id,
    t.kebele_id,
    sendNow ? null : (f.frequency ?? null),
    sendNow ? null : (f.interval ?? null),
    sendNow && (f.paid_broadcast ?? false),
  ];
};

export async function load(db: Queryable, id: number): Promise<LocationNotification> {
  const r = await db.query<LocationNotification>(
    `select ${COLUMNS} from location_notifications n where n.id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) throw notFound();
  return row;
}

/**
 * A manager may start at most SEND_NOW_PER_DAY immediate sends in 24 hours: each reaches every DA
 * of its area at once. A create with send_now is one; so is an update that sends again (send_now
 * newly on, or a new target, which the engine treats as a new send). The operator is not limited.
 * Run inside the write's transaction: the manager's bot-user row is locked first, so concurrent
 * sends of one manager (on any copy) count one after the other and the log's row commits with
 * the notification (counting, then inserting, let 30 parallel requests through on PostgreSQL).
 */
async function countSendNow(
  tx: Queryable,
  actor: Actor,
  f: Fields,
  current?: LocationNotification,
): Promise<((id: number) => Promise<void>) | null> {
  if (actor.kind === 'service' || !f.send_now) return null;
  const sendsAgain =
    !current?.send_now ||
    (f.location_type ?? 'all') !== current.location_type ||
    (f.location_id ?? null) !== current.location_id;
  if (!sendsAgain) return null;
  const by = actor.botUser?.id ?? 0;
  await tx.query('select 1 from bot_users where id = $1 for update', [by]);
  // The time now, once the lock is held: the transaction's own start (`now()`) can be earlier
  // than the sends it waited for, which would ask for more than a day's wait.
  const r = await tx.query<{ n: number; wait: number | null }>(
    `select count(*)::int as n,
       extract(epoch from min(created_at) + interval '1 day' - clock_timestamp())::float8 as wait
     from send_now_log where bot_user_id = $1 and created_at > clock_timestamp() - interval '1 day'`,
    [by],
  );
  const row = r.rows[0];
  if (Number(row?.n ?? 0) >= SEND_NOW_PER_DAY) {
    const seconds = String(Math.max(1, Math.ceil(Number(row?.wait ?? 60))));
    throw new HttpError(
      429,
      (lang) => ({ detail: message(lang, 'send_now_quota', { notifications: SEND_NOW_PER_DAY }) }),
      { 'retry-after': seconds },
    );
  }
  return async (id) => {
    await tx.query(
      'insert into send_now_log (bot_user_id, notification_id, created_at) values ($1, $2, clock_timestamp())',
      [by, id],
    );
  };
}

export function registerNotificationRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  serve(app, env, routes.createNotification, ({ body, actor, db }) =>
    db.transaction(async (tx) => {
      const logSend = await countSendNow(tx, actor, body);
      const target = await resolveTarget(tx, body);
      const r = await tx.query<LocationNotification>(
        `insert into location_notifications as n (name, message, content_type, send_now, location_type, location_id,
           region_id, zone_id, woreda_id, kebele_id, frequency, "interval", paid_broadcast, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning ${COLUMNS}`,
        [...fieldValues(body, target), body.created_by],
      );
      const created = r.rows[0] as LocationNotification;
      await logSend?.(created.id);
      return created;
    }),
  );

  serve(app, env, routes.listNotificationsByCreator, ({ params, query, request }) => {
    return listOrPage<LocationNotification>(db, request, query, {
      sql: `select ${COLUMNS}, n.created_at as created_ts from location_notifications n
            where n.created_by = $1 and n.active`,
      params: [params.user_id],
      orderBy: 'created_ts desc, id desc',
    }).then((list) => {
      const strip = (rows: Array<LocationNotification & { created_ts?: unknown }>) =>
        rows.map(({ created_ts, ...n }) => n);
      return Array.isArray(list) ? strip(list) : { ...list, results: strip(list.results) };
    });
  });

  serve(app, env, routes.getNotificationDetails, async ({ params }) => {
    const n = await load(db, params.id);
    // The rows kept plus the counts of occurrences pruned after the retention period.
    const counts = await deliveryCounts(db, params.id);
    const deliveries = { ...counts, ...(await deliveryProgress(db, params.id, counts.queued)) };
    return { ...n, deliveries } satisfies NotificationDetails;
  });

  /**
   * Creator only. `{active:false}` is the soft remove (with or without a grant); otherwise the
   * fields are replaced (a grant covering the target: the policy), and a pause stays: only an
   * operator resumes (notification-pauses.ts).
   */
  serve(app, env, routes.updateNotificationSettings, async ({ params, body, actor, db }) => {
    const current = await load(db, params.id);
    if ('created_by' in body && body.created_by !== undefined && body.created_by !== current.created_by)
      throw forbidden();
    if (!('name' in body)) {
      const r = await db.query<LocationNotification>(
        `update location_notifications as n set active = false, updated_at = now() where n.id = $1 returning ${COLUMNS}`,
        [params.id],
      );
      return r.rows[0] as LocationNotification;
    }
    return db.transaction(async (tx) => {
      const logSend = await countSendNow(tx, actor, body, current);
      const target = await resolveTarget(tx, body);
      await logSend?.(params.id);
      const r = await tx.query<LocationNotification>(
        `update location_notifications as n set name = $1, message = $2, content_type = $3, send_now = $4,
           location_type = $5, location_id = $6, region_id = $7, zone_id = $8, woreda_id = $9, kebele_id = $10,
           frequency = $11, "interval" = $12, paid_broadcast = $13, active = coalesce($14, active),
           updated_at = now()
         where n.id = $15 returning ${COLUMNS}`,
        [...fieldValues(body, target), body.active ?? null, params.id],
      );
      return r.rows[0] as LocationNotification;
    });
  });
}
