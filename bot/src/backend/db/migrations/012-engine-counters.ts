/**
 * The notification engine at national scale, second pass (bot/src/notifications/README.md,
 * "Counters", "Cost per tick" and "Who receives"). Delivery counts are kept per occurrence as rows
 * change, so the details call reads a few small rows instead of counting two weeks of deliveries;
 * the planner finds what is due in an index range on its plan rows instead of reading every
 * notification; and the DAs a notification would reach are counted per area as they change.
 */
export const sql = /* sql */ `
-- No copy may write deliveries or notifications while they are counted and their plans marked
-- below (an older copy still running): what it wrote would be missed by the backfill and by the
-- triggers alike. The migration is one transaction; the locks go with it.
lock table notification_deliveries, location_notifications, notification_plans, bot_users, da_profiles
  in share row exclusive mode;

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

-- Inserts and deletes: statement-level triggers with transition tables (as report_daily's,
-- migration 009), so a planning batch of 5,000 rows or a prune of 10,000 is one grouped row per
-- occurrence, not one per delivery.
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

-- A status change, one row at a time: only statements that set the status fire it (a claim's
-- lease and "sending" never do), and the engine changes statuses one message at a time
-- (README "Counters": this costs a single-row outcome less than a statement trigger would).
create function notification_count_updated() returns trigger language plpgsql as $$
begin
  if old.notification_id = new.notification_id and old.occurrence = new.occurrence then
    insert into notification_count_changes (notification_id, occurrence, queued, sent, failed)
    values (new.notification_id, new.occurrence,
      (new.status = 'queued')::int - (old.status = 'queued')::int,
      (new.status = 'sent')::int - (old.status = 'sent')::int,
      (new.status = 'failed')::int - (old.status = 'failed')::int);
  else
    insert into notification_count_changes (notification_id, occurrence, queued, sent, failed)
    values (old.notification_id, old.occurrence, -(old.status = 'queued')::int, -(old.status = 'sent')::int,
            -(old.status = 'failed')::int),
           (new.notification_id, new.occurrence, (new.status = 'queued')::int, (new.status = 'sent')::int,
            (new.status = 'failed')::int);
  end if;
  return null;
end $$;
create trigger notification_deliveries_count_update
  after update of status, notification_id, occurrence on notification_deliveries for each row
  when (old.status is distinct from new.status or old.notification_id is distinct from new.notification_id
        or old.occurrence is distinct from new.occurrence)
  execute function notification_count_updated();

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

-- Rows are looked up by their lease only while leased (busy chats, the next lease to run out,
-- in-doubt rows: every such condition compares claimed_until, so it is not null). The backlog's
-- rows, never leased yet, need not be in that index: each planned row paid for an entry.
drop index notification_deliveries_leased_idx;
create index notification_deliveries_leased_idx on notification_deliveries(claimed_until)
  where status = 'queued' and claimed_until is not null;

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

-- Migration 008's trigger already fires on exactly those changes (it marks the notification for
-- the sweep): its function now wakes the plan row too.
create or replace function notification_sweep_mark() returns trigger language plpgsql as $$
begin
  insert into notification_sweeps (notification_id) values (new.id)
    on conflict (notification_id) do update set marked_at = now();
  insert into notification_plans (notification_id, fingerprint, wake_at)
    values (new.id, '', case when new.active then '-infinity'::timestamptz end)
    on conflict (notification_id) do update set wake_at = excluded.wake_at;
  return null;
end $$;

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

-- Who a notification would reach (the planner's rule, bot/src/notifications/recipients.ts): verified
-- bot users with a DA profile who have not blocked the bot, per the area their profile names. The
-- form shows the count before sending; a level's count is a sum over its rows (the country: one
-- row per kebele with DAs), never a scan of the DAs.
create table da_recipient_counts (
  kebele_id bigint not null,
  woreda_id bigint not null,
  zone_id bigint not null,
  region_id bigint not null,
  recipients int not null default 0,
  primary key (kebele_id, woreda_id, zone_id, region_id)
);
create index da_recipient_counts_woreda_idx on da_recipient_counts(woreda_id);
create index da_recipient_counts_zone_idx on da_recipient_counts(zone_id);
create index da_recipient_counts_region_idx on da_recipient_counts(region_id);

create function da_recipient_add(profile bigint, delta int) returns void language sql as $$
  insert into da_recipient_counts as c (kebele_id, woreda_id, zone_id, region_id, recipients)
  select kebele_id, woreda_id, zone_id, region_id, delta from da_profiles where id = profile
  on conflict (kebele_id, woreda_id, zone_id, region_id) do update set recipients = c.recipients + excluded.recipients
$$;

-- A bot user counts while VERIFIED, linked to a profile and not blocked (blocked_at older than
-- their last update: the bot heard from them since). Row triggers, fired only when that changes:
-- the bot's upserts bump updated_at all day, and the WHEN clause is all they cost.
create function da_recipient_user() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' and old.da_profile_id is not null and old.verification_status = 'VERIFIED'
     and (old.blocked_at is null or old.blocked_at < old.updated_at) then
    perform da_recipient_add(old.da_profile_id, -1);
  end if;
  if tg_op <> 'DELETE' and new.da_profile_id is not null and new.verification_status = 'VERIFIED'
     and (new.blocked_at is null or new.blocked_at < new.updated_at) then
    perform da_recipient_add(new.da_profile_id, 1);
  end if;
  return null;
end $$;
create trigger bot_users_recipients_insert after insert on bot_users for each row
  when (new.da_profile_id is not null) execute function da_recipient_user();
create trigger bot_users_recipients_update
  after update of da_profile_id, verification_status, blocked_at, updated_at on bot_users for each row
  when (old.da_profile_id is distinct from new.da_profile_id
        or (old.verification_status = 'VERIFIED' and (old.blocked_at is null or old.blocked_at < old.updated_at))
           <> (new.verification_status = 'VERIFIED' and (new.blocked_at is null or new.blocked_at < new.updated_at)))
  execute function da_recipient_user();
create trigger bot_users_recipients_delete after delete on bot_users for each row
  when (old.da_profile_id is not null) execute function da_recipient_user();

-- A profile that moves takes its bot user's count along.
create function da_recipient_moved() returns trigger language plpgsql as $$
declare
  n int;
begin
  select count(*) into n from bot_users u where u.da_profile_id = new.id and u.verification_status = 'VERIFIED'
    and (u.blocked_at is null or u.blocked_at < u.updated_at);
  if n > 0 then
    insert into da_recipient_counts as c (kebele_id, woreda_id, zone_id, region_id, recipients)
      values (old.kebele_id, old.woreda_id, old.zone_id, old.region_id, -n),
             (new.kebele_id, new.woreda_id, new.zone_id, new.region_id, n)
      on conflict (kebele_id, woreda_id, zone_id, region_id)
        do update set recipients = c.recipients + excluded.recipients;
  end if;
  return null;
end $$;
create trigger da_profiles_recipients_moved
  after update of region_id, zone_id, woreda_id, kebele_id on da_profiles for each row
  when ((old.region_id, old.zone_id, old.woreda_id, old.kebele_id)
        is distinct from (new.region_id, new.zone_id, new.woreda_id, new.kebele_id))
  execute function da_recipient_moved();

-- Backfill: today's recipients, counted once.
insert into da_recipient_counts (kebele_id, woreda_id, zone_id, region_id, recipients)
select p.kebele_id, p.woreda_id, p.zone_id, p.region_id, count(*)
from da_profiles p join bot_users u on u.da_profile_id = p.id
where u.verification_status = 'VERIFIED' and (u.blocked_at is null or u.blocked_at < u.updated_at)
group by 1, 2, 3, 4;
`;
