/**
 * National scale. The notification engine's per-tick queries cost what changed, not
 * the length of the backlog (bot/src/notifications/README.md, "Cost per tick"); iso() is inlined.
 */
export const sql = /* sql */ `
-- iso() was declared IMMUTABLE over to_char, which is STABLE: a function whose body is more
-- volatile than its declaration is never inlined, so every row paid a function call (half the SQL
-- time of a heavy creator's list). Nothing indexes iso(), so STABLE is both true and enough.
alter function iso(timestamptz) stable;

-- Notifications whose queued deliveries may have to be cancelled (removed, schedule changed, a
-- later occurrence planned). The planner's sweep reads only these, instead of every queued row.
create table notification_sweeps (
  notification_id bigint primary key,
  marked_at timestamptz not null default now()
);

-- Any writer that removes a notification or changes its schedule or target marks it. "do update"
-- (not "do nothing") so a mark made while a sweep of the same notification runs waits for that
-- sweep and survives it.
create function notification_sweep_mark() returns trigger language plpgsql as $$
begin
  insert into notification_sweeps (notification_id) values (new.id)
    on conflict (notification_id) do update set marked_at = now();
  return null;
end $$;
create trigger location_notifications_sweep_mark
  after update of active, send_now, frequency, "interval", location_type, location_id
  on location_notifications for each row
  when (old.active is distinct from new.active or old.send_now is distinct from new.send_now
        or old.frequency is distinct from new.frequency or old."interval" is distinct from new."interval"
        or old.location_type is distinct from new.location_type
        or old.location_id is distinct from new.location_id)
  execute function notification_sweep_mark();

-- Whatever is queued today is swept once.
insert into notification_sweeps (notification_id)
  select distinct notification_id from notification_deliveries where status = 'queued';

-- Planning an occurrence in batches (a send-now to 60 k DAs is not one transaction): the
-- occurrence whose recipients are still being queued, and the last DA profile id queued so far.
alter table notification_plans add column planning_occurrence timestamptz,
  add column planning_after bigint not null default 0;

-- Retention (bot/src/notifications/README.md): sent and failed deliveries of an occurrence older
-- than the retention period are rolled up here and deleted, so the table holds about two weeks of
-- rows and the details call adds these counts instead of counting a year of history.
create table notification_occurrence_counts (
  notification_id bigint not null,
  occurrence timestamptz not null,
  sent int not null default 0,
  failed int not null default 0,
  primary key (notification_id, occurrence)
);
-- Finished rows by occurrence: the pruning walks only what is old enough.
create index notification_deliveries_finished_idx on notification_deliveries(occurrence)
  where status <> 'queued';

-- The sweep's lookup of one notification's queued rows (the unique key would also walk its sent
-- history). It replaces (status, updated_at), which no query reads.
drop index notification_deliveries_status_idx;
create index notification_deliveries_queued_notification_idx
  on notification_deliveries(notification_id, occurrence) where status = 'queued';

-- The sender's "when is the next waiting row due" (429 retry_after, backoff).
create index notification_deliveries_waiting_idx on notification_deliveries(not_before)
  where status = 'queued' and not_before is not null;

-- Farmers of a group (listFarmers, listFarmersForAdoption) read only id and the three names:
-- with them in the index the list is an index-only scan (~7 buffers) instead of ~24 heap pages.
create index farmers_group_names_idx on farmers(development_group_id, id)
  include (farmer_name, father_name, grand_father_name);
drop index farmers_group_idx;

-- No read looks reach or adoption records up by advisory or by recording DA alone: the record
-- routes use the (farmer_id, advisory_id, created_by) key, adoption's farmer filter its farmer_id
-- prefix, exports walk id order; advisories, DA profiles and farmers are never deleted (no
-- foreign-key check needs them). Each index cost every record insert a write.
drop index reach_records_advisory_idx;
drop index reach_records_created_by_idx;
drop index adoption_records_advisory_idx;
drop index adoption_records_created_by_idx;
`;
