import type { Db } from '../backend/db/types';

/**
 * How long finished (sent, failed, cancelled) deliveries are kept, counted from their occurrence: long enough for
 * the per-chat gap, in-doubt settling and anyone looking at last week's rows; after that only
 * their counts matter (the details call).
 */
export const DELIVERY_RETENTION_MS = 14 * 86_400_000;
/** Rows rolled up per planner pass (a tick): 2,000 a second, above any day's volume. */
const PRUNE_BATCH = 10_000;

/**
 * Rolls finished deliveries of occurrences older than the retention period up into
 * `notification_occurrence_counts` and deletes them, in one statement (both or neither).
 */
export async function prune(db: Db, now: number, limit = PRUNE_BATCH): Promise<number> {
  const r = await db.query<{ n: number }>(
    `with gone as (
       delete from notification_deliveries d where d.id in (
         select id from notification_deliveries
         where status <> 'queued' and occurrence < $1::timestamptz
         order by occurrence limit $2)
       returning d.notification_id, d.occurrence, d.status
     ), counted as (
       insert into notification_occurrence_counts as c (notification_id, occurrence, sent, failed)
       select notification_id, occurrence, count(*) filter (where status = 'sent'),
         count(*) filter (where status = 'failed')
       from gone group by notification_id, occurrence
       on conflict (notification_id, occurrence)
         do update set sent = c.sent + excluded.sent, failed = c.failed + excluded.failed
     )
     select count(*)::int as n from gone`,
    [new Date(now - DELIVERY_RETENTION_MS).toISOString(), limit],
  );
  return Number(r.rows[0]?.n ?? 0);
}
