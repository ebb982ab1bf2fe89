// The engine's queries as they were before each change timed by scripts/bench/engine-queue.ts,
// kept verbatim (but for migration 012's column names) so one run prints before and now.
import { FINGERPRINT, RECIPIENTS_WHERE } from '@gebere/bot/notifications';

// Before migration 008: the claim's and the sender's candidates joined every live notification,
// and the sweep rescanned every queued row.
const OLD_LIVE = `live as materialized (
  select p.notification_id, p.last_occurrence from notification_plans p
  join location_notifications n on n.id = p.notification_id
  where n.active and p.fingerprint = ${FINGERPRINT} and p.last_occurrence is not null)`;
export const OLD_CANDIDATES = `with ${OLD_LIVE}
  select d.id, d.bot_user_id from notification_deliveries d
  join live l on l.notification_id = d.notification_id and l.last_occurrence = d.occurrence
  where d.status = 'queued' and d.sending_at is null
    and (d.claimed_until is null or d.claimed_until < $1::timestamptz)
    and (d.not_before is null or d.not_before <= $1::timestamptz)
  order by d.id limit $2 * 4`;
export const OLD_NEXT = `with ${OLD_LIVE}
  select min(greatest(d.not_before, d.claimed_until, $1::timestamptz)) as at
  from notification_deliveries d
  join live l on l.notification_id = d.notification_id and l.last_occurrence = d.occurrence
  where d.status = 'queued' and d.sending_at is null`;
export const OLD_SWEEP = `update notification_deliveries d set status = 'failed', claimed_until = null, updated_at = now(),
    last_error = case when not n.active then 'cancelled: notification removed'
      when p.fingerprint is distinct from ${FINGERPRINT} or d.occurrence < p.since
        then 'cancelled: schedule changed'
      else 'cancelled: superseded by a later occurrence' end
  from location_notifications n left join notification_plans p on p.notification_id = n.id
  where n.id = d.notification_id and d.status = 'queued' and d.sending_at is null
    and (d.claimed_until is null or d.claimed_until < $1::timestamptz)
    and (not n.active or p.fingerprint is distinct from ${FINGERPRINT}
         or d.occurrence is distinct from p.last_occurrence)`;
export const OLD_PLAN_ALL = `insert into notification_deliveries (notification_id, occurrence, bot_user_id)
  select $1, $2::timestamptz, u.id from bot_users u join da_profiles p on p.id = u.da_profile_id
  where ${RECIPIENTS_WHERE} and $3::bigint is null
  on conflict (notification_id, occurrence, bot_user_id) do nothing`;

// Before migration 012: the planner's due query read every active notification each tick, the
// details call counted the kept rows, and the queue depth counted the queued ones.
export const OLD_DUE = `select n.id, (not n.send_now and p.next_occurrence <= $1::timestamptz) as occurs
  from location_notifications n left join notification_plans p on p.notification_id = n.id
  where n.active and (p.notification_id is null or p.fingerprint <> ${FINGERPRINT}
                      or p.next_occurrence <= $1::timestamptz or p.planning_occurrence is not null)
  order by n.id`;
export const OLD_DETAILS = `select status, sum(n)::int as n from (
    select status, count(*) as n from notification_deliveries
      where ($1::bigint is null or notification_id = $1) group by status
    union all select 'sent', coalesce(sum(pruned_sent), 0) from notification_occurrence_counts
      where ($1::bigint is null or notification_id = $1)
    union all select 'failed', coalesce(sum(pruned_failed), 0) from notification_occurrence_counts
      where ($1::bigint is null or notification_id = $1)
  ) t group by status`;
export const OLD_QUEUE_DEPTH = `select count(*)::int as n from notification_deliveries where status = 'queued'`;
