/**
 * The notification engine at national scale, second pass (issue 21; bot/src/notifications/README.md,
 * "Counters" and "Cost per tick"). Delivery counts are kept per occurrence as rows change, so the
 * details call reads a few small rows instead of counting two weeks of deliveries; and the planner
 * finds what is due in an index range on its plan rows instead of reading every notification.
 */
export const sql = /* sql */ `
-- No copy may write deliveries or notifications while they are counted and their plans marked
-- below (an older copy still running): what it wrote would be missed by the backfill and by the
-- triggers alike. The migration is one transaction; the locks go with it.
lock table notification_deliveries, location_notifications, notification_plans in share row exclusive mode;

-- Per occurrence: the rows still kept, by status (queued includes rows in flight, failed includes
-- cancelled), beside what retention rolled up and deleted (migration 008's sent and failed).
-- queued + sent + failed is always exactly a count over notification_deliveries.
alter table notification_occurrence_counts rename column sent to pruned_sent;
alter table notification_occurrence_counts rename column failed to pruned_failed;
alter table notification_occurrence_counts add column queued int not null default 0,
  add column sent int not null default 0, add column failed int not null default 0;
-- What is still queued, for the queue depth (metrics, the engine's log line): a few rows.
create index notification_occurrence_counts_queued_idx on notification_occurrence_counts(occurrence)
  where queued <> 0;

-- Changes not yet added to those counts: one row per statement and occurrence it touched, written
-- by the triggers below in the writer's own transaction; the engine's planner folds them in every
-- tick. Insert-only, so writers never wait for one another on a shared counter row (the paid lane
-- records up to 1000 outcomes a second, each its own commit).
create table notification_count_changes (
  id bigint generated always as identity primary key,
  notification_id bigint not null,
  occurrence timestamptz not null,
  queued int not null default 0,
  sent int not null default 0,
  failed int not null default 0,
  pruned_sent int not null default 0,
  pruned_failed int not null default 0
);

-- Statement-level triggers with transition tables (as report_daily's, migration 009): a batch of
-- 5,000 queued rows, a sweep or a prune is one grouped row per occurrence, not one per delivery.
-- A statement that changes no status (a claim's lease, "sending") writes nothing.
create function notification_count_inserted() returns trigger language plpgsql as $$
begin
  insert into notification_count_changes (notification_id, occurrence, queued, sent, failed)
  select notification_id, occurrence, count(*) filter (where status = 'queued'),
    count(*) filter (where status = 'sent'), count(*) filter (where status = 'failed')
  from new_rows group by 1, 2;
  return null;
end $$;
create trigger notification_deliveries_count_insert after insert on notification_deliveries
  referencing new table as new_rows for each statement execute function notification_count_inserted();

create function notification_count_deleted() returns trigger language plpgsql as $$
begin
  insert into notification_count_changes (notification_id, occurrence, queued, sent, failed)
  select notification_id, occurrence, -count(*) filter (where status = 'queued'),
    -count(*) filter (where status = 'sent'), -count(*) filter (where status = 'failed')
  from old_rows group by 1, 2;
  return null;
end $$;
create trigger notification_deliveries_count_delete after delete on notification_deliveries
  referencing old table as old_rows for each statement execute function notification_count_deleted();

create function notification_count_updated() returns trigger language plpgsql as $$
begin
  insert into notification_count_changes (notification_id, occurrence, queued, sent, failed)
  select c.notification_id, c.occurrence, coalesce(sum(c.sign) filter (where c.status = 'queued'), 0),
    coalesce(sum(c.sign) filter (where c.status = 'sent'), 0),
    coalesce(sum(c.sign) filter (where c.status = 'failed'), 0)
  from old_rows o join new_rows n on n.id = o.id
  cross join lateral (values (o.notification_id, o.occurrence, o.status, -1),
                             (n.notification_id, n.occurrence, n.status, 1)) c(notification_id, occurrence, status, sign)
  where (o.status, o.notification_id, o.occurrence) is distinct from (n.status, n.notification_id, n.occurrence)
  group by 1, 2;
  return null;
end $$;
create trigger notification_deliveries_count_update after update on notification_deliveries
  referencing old table as old_rows new table as new_rows
  for each statement execute function notification_count_updated();

-- TRUNCATE fires no delete trigger: the kept rows' counts go to zero with them (rolled-up counts stay).
create function notification_count_truncated() returns trigger language plpgsql as $$
begin
  update notification_occurrence_counts set queued = 0, sent = 0, failed = 0
    where queued <> 0 or sent <> 0 or failed <> 0;
  update notification_count_changes set queued = 0, sent = 0, failed = 0;
  return null;
end $$;
create trigger notification_deliveries_count_truncate after truncate on notification_deliveries
  for each statement execute function notification_count_truncated();

-- Backfill: what is kept today, counted once.
insert into notification_occurrence_counts as c (notification_id, occurrence, queued, sent, failed)
select notification_id, occurrence, count(*) filter (where status = 'queued'),
  count(*) filter (where status = 'sent'), count(*) filter (where status = 'failed')
from notification_deliveries group by 1, 2
on conflict (notification_id, occurrence)
  do update set queued = excluded.queued, sent = excluded.sent, failed = excluded.failed;

-- When the planner must look at a notification next: its next occurrence; at once ('-infinity')
-- when it is new or its schedule, target or active flag changed, or while an occurrence is being
-- queued; never (null) once removed or sent. The planner reads only the index range up to now.
alter table notification_plans add column wake_at timestamptz;
create index notification_plans_wake_idx on notification_plans(wake_at) where wake_at is not null;

-- Any writer that creates a notification, or changes what the planner's fingerprint or the
-- active flag holds, wakes its plan row (made here for a new one).
create function notification_plan_new() returns trigger language plpgsql as $$
begin
  insert into notification_plans (notification_id, fingerprint, wake_at)
    select id, '', case when active then '-infinity'::timestamptz end from new_rows
    on conflict (notification_id) do update set wake_at = excluded.wake_at;
  return null;
end $$;
create trigger location_notifications_plan_insert after insert on location_notifications
  referencing new table as new_rows for each statement execute function notification_plan_new();
create function notification_plan_wake() returns trigger language plpgsql as $$
begin
  insert into notification_plans (notification_id, fingerprint, wake_at)
    values (new.id, '', case when new.active then '-infinity'::timestamptz end)
    on conflict (notification_id) do update set wake_at = excluded.wake_at;
  return null;
end $$;
create trigger location_notifications_plan_wake
  after update of active, send_now, frequency, "interval", location_type, location_id
  on location_notifications for each row
  when (old.active is distinct from new.active or old.send_now is distinct from new.send_now
        or old.frequency is distinct from new.frequency or old."interval" is distinct from new."interval"
        or old.location_type is distinct from new.location_type
        or old.location_id is distinct from new.location_id)
  execute function notification_plan_wake();

-- Backfill: every active notification the planner has not seen, or whose plan is stale or still
-- being queued, at once; the others at their next occurrence.
insert into notification_plans (notification_id, fingerprint)
  select n.id, '' from location_notifications n
  where n.active and not exists (select 1 from notification_plans p where p.notification_id = n.id);
update notification_plans p set wake_at = case
    when not n.active then null
    when p.fingerprint is distinct from format('%s|%s|%s|%s|%s', n.send_now, n.frequency, n."interval",
                                               n.location_type, n.location_id)
         or p.planning_occurrence is not null then '-infinity'::timestamptz
    else p.next_occurrence end
  from location_notifications n where n.id = p.notification_id;
`;
