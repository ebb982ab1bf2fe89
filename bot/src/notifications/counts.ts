import type { Db, Queryable } from '../backend/db/types';

/**
 * Delivery counters per occurrence (migration 012; README "Counters"). Triggers on
 * `notification_deliveries` record every change of a row's status as a row of
 * `notification_count_changes`, in the writer's own transaction; this folds them into
 * `notification_occurrence_counts`. Readers add the counters and the changes not yet folded, so
 * a count is exact whether or not the fold has run.
 */

/** Changes folded per statement; a tick's worth even at the paid rate (1000 outcomes a second). */
const FOLD_BATCH = 20_000;

/**
 * Moves pending changes into the per-occurrence counters, oldest first, in statements that each
 * delete their changes and add them up together (a reader sees either, never both). Two copies
 * folding at once take different changes (SKIP LOCKED) and update the counters in key order, so
 * they neither double count nor deadlock. Returns the changes folded.
 */
export async function foldCounts(db: Db, limit = FOLD_BATCH): Promise<number> {
  let folded = 0;
  for (;;) {
    const r = await db.query<{ n: number }>(
      `with moved as (
         delete from notification_count_changes where id in (
           select id from notification_count_changes order by id limit $1 for update skip locked)
         returning notification_id, occurrence, queued, sent, failed, pruned_sent, pruned_failed
       ), added as (
         insert into notification_occurrence_counts as c
           (notification_id, occurrence, queued, sent, failed, pruned_sent, pruned_failed)
         select notification_id, occurrence, sum(queued), sum(sent), sum(failed), sum(pruned_sent),
           sum(pruned_failed)
         from moved group by notification_id, occurrence order by notification_id, occurrence
         on conflict (notification_id, occurrence) do update set queued = c.queued + excluded.queued,
           sent = c.sent + excluded.sent, failed = c.failed + excluded.failed,
           pruned_sent = c.pruned_sent + excluded.pruned_sent,
           pruned_failed = c.pruned_failed + excluded.pruned_failed
       )
       select count(*)::int as n from moved`,
      [limit],
    );
    const n = Number(r.rows[0]?.n ?? 0);
    folded += n;
    if (n < limit) return folded;
  }
}

/**
 * Deliveries queued in all (the metrics' queue depth, the engine's log line): the counters of
 * occurrences with rows still queued (a partial index) and the pending changes, not a count over
 * a backlog that may hold a million rows.
 */
export async function queuedTotal(db: Queryable): Promise<number> {
  const r = await db.query<{ n: number }>(
    `select ((select coalesce(sum(queued), 0) from notification_occurrence_counts where queued <> 0)
       + (select coalesce(sum(queued), 0) from notification_count_changes))::int as n`,
  );
  return Number(r.rows[0]?.n ?? 0);
}
