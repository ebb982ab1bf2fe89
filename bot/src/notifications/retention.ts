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
 * Deletes finished deliveries of occurrences older than the retention period and records them as
 * rolled up (`pruned_sent`, `pruned_failed`), in one statement (both or neither). The delete
 * trigger takes them out of the kept rows' counts, so the totals the details call shows do not
 * move (counts.ts).
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
       insert into notification_count_changes (notification_id, occurrence, pruned_sent, pruned_failed)
       select notification_id, occurrence, count(*) filter (where status = 'sent'),
         count(*) filter (where status = 'failed')
       from gone group by notification_id, occurrence
     )
     select count(*)::int as n from gone`,
    [new Date(now - DELIVERY_RETENTION_MS).toISOString(), limit],
  );
  return Number(r.rows[0]?.n ?? 0);
}
