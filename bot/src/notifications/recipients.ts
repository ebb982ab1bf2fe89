import type { Queryable } from '../backend/db/types';

/**
 * Who receives a location notification (README "Who receives"): the rule the planner queues by,
 * and the count the notification form shows before sending (the backend's recipients route).
 */

/** The DA profile column a location type matches on (`p`); `all` matches everyone. */
export const TARGET_COLUMN: Record<string, string | undefined> = {
  region: 'p.region_id',
  zone: 'p.zone_id',
  woreda: 'p.woreda_id',
  kebele: 'p.kebele_id',
};

/**
 * Verified users (`u`) with a DA profile inside the target, not blocked. A user who blocked the
 * bot is reachable again once the bot hears from them (their upsert moves updated_at past blocked_at).
 */
export const RECIPIENTS_WHERE = `u.verification_status = 'VERIFIED'
  and (u.blocked_at is null or u.blocked_at < u.updated_at)`;

/** The column of `da_recipient_counts` a location type sums over; `all` sums every row. */
const COUNT_COLUMN: Record<string, string | undefined> = {
  region: 'region_id',
  zone: 'zone_id',
  woreda: 'woreda_id',
  kebele: 'kebele_id',
};

/**
 * How many DAs a notification to this target would reach now: the sum of the target's rows of
 * `da_recipient_counts`, which triggers keep equal to the planner's rule above per area
 * (migration 012): a kebele is one row, the country one row per kebele with DAs, never a scan of
 * the DAs. 0 for an unknown level or a missing area id.
 */
export async function countRecipients(
  q: Queryable,
  target: { location_type: string; location_id: number | null },
): Promise<number> {
  const column = COUNT_COLUMN[target.location_type];
  if (target.location_type !== 'all' && (!column || target.location_id === null)) return 0;
  const r = await q.query<{ n: number }>(
    column
      ? `select coalesce(sum(recipients), 0)::int as n from da_recipient_counts where ${column} = $1`
      : 'select coalesce(sum(recipients), 0)::int as n from da_recipient_counts',
    column ? [target.location_id] : [],
  );
  return Number(r.rows[0]?.n ?? 0);
}
