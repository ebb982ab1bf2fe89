/**
 * Reports: daily counts per kebele × recording DA × advisory, kept by triggers in the
 * same statement as the insert they count (so every writer, the routes, the seed, an import or a
 * restore, keeps them true), and backfilled here. A report sums these rows; it never scans the
 * farmers or the reach rows (bot/src/backend/routes/reports.ts).
 */
export const sql = /* sql */ `
-- The reporting day: Addis Ababa's calendar day (UTC+3 all year, no daylight saving).
create function report_day(ts timestamptz) returns date
  language sql immutable parallel safe
  as $$ select ((ts at time zone 'UTC') + interval '3 hours')::date $$;

-- One row per day, kebele, DA (0: none, a group an import made) and advisory (0: farmers and
-- groups, which have no advisory). The kebele's parents are copied so a region's report reads
-- its own index range; the triggers below follow a kebele, woreda or zone that an import moves.
create table report_daily (
  day date not null,
  region_id bigint not null,
  zone_id bigint not null,
  woreda_id bigint not null,
  kebele_id bigint not null,
  da_id bigint not null,
  advisory_id bigint not null,
  farmers int not null default 0,
  groups int not null default 0,
  reach int not null default 0,
  adoption int not null default 0,
  constraint report_daily_pkey primary key (kebele_id, day, da_id, advisory_id)
);
create index report_daily_woreda_idx on report_daily(woreda_id, day);
create index report_daily_zone_idx on report_daily(zone_id, day);
create index report_daily_region_idx on report_daily(region_id, day);

-- Statement-level triggers with transition tables: a batch of 150 reach pairs is one grouped
-- upsert, not 150; a re-post that inserts nothing ("on conflict do nothing") adds nothing.
create function report_count_farmers() returns trigger language plpgsql as $$
begin
  insert into report_daily as r (day, region_id, zone_id, woreda_id, kebele_id, da_id, advisory_id, farmers)
  select report_day(n.created_at), z.region_id, w.zone_id, k.woreda_id, k.id, n.created_by, 0, count(*)
  from new_rows n join kebeles k on k.id = n.kebele_id join woredas w on w.id = k.woreda_id
  join zones z on z.id = w.zone_id
  group by 1, 2, 3, 4, 5, 6
  on conflict (kebele_id, day, da_id, advisory_id) do update set farmers = r.farmers + excluded.farmers;
  return null;
end $$;
create trigger farmers_report after insert on farmers referencing new table as new_rows
  for each statement execute function report_count_farmers();

create function report_count_groups() returns trigger language plpgsql as $$
begin
  insert into report_daily as r (day, region_id, zone_id, woreda_id, kebele_id, da_id, advisory_id, groups)
  select report_day(n.created_at), z.region_id, w.zone_id, k.woreda_id, k.id, coalesce(n.created_by, 0), 0,
         count(*)
  from new_rows n join kebeles k on k.id = n.kebele_id join woredas w on w.id = k.woreda_id
  join zones z on z.id = w.zone_id
  group by 1, 2, 3, 4, 5, 6
  on conflict (kebele_id, day, da_id, advisory_id) do update set groups = r.groups + excluded.groups;
  return null;
end $$;
create trigger development_groups_report after insert on development_groups referencing new table as new_rows
  for each statement execute function report_count_groups();

-- A reach or adoption record counts in its farmer's kebele, under the DA who recorded it.
create function report_count_reach() returns trigger language plpgsql as $$
begin
  insert into report_daily as r (day, region_id, zone_id, woreda_id, kebele_id, da_id, advisory_id, reach)
  select report_day(n.created_at), z.region_id, w.zone_id, k.woreda_id, k.id, n.created_by, n.advisory_id,
         count(*)
  from new_rows n join farmers f on f.id = n.farmer_id join kebeles k on k.id = f.kebele_id
  join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
  group by 1, 2, 3, 4, 5, 6, 7
  on conflict (kebele_id, day, da_id, advisory_id) do update set reach = r.reach + excluded.reach;
  return null;
end $$;
create trigger reach_records_report after insert on reach_records referencing new table as new_rows
  for each statement execute function report_count_reach();

create function report_count_adoption() returns trigger language plpgsql as $$
begin
  insert into report_daily as r (day, region_id, zone_id, woreda_id, kebele_id, da_id, advisory_id, adoption)
  select report_day(n.created_at), z.region_id, w.zone_id, k.woreda_id, k.id, n.created_by, n.advisory_id,
         count(*)
  from new_rows n join farmers f on f.id = n.farmer_id join kebeles k on k.id = f.kebele_id
  join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
  group by 1, 2, 3, 4, 5, 6, 7
  on conflict (kebele_id, day, da_id, advisory_id) do update set adoption = r.adoption + excluded.adoption;
  return null;
end $$;
create trigger adoption_records_report after insert on adoption_records referencing new table as new_rows
  for each statement execute function report_count_adoption();

-- An import that moves an area (a kebele to another woreda, …) moves its counted rows with it.
create function report_area_moved() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'kebeles' then
    update report_daily r set woreda_id = new.woreda_id, zone_id = w.zone_id, region_id = z.region_id
      from woredas w join zones z on z.id = w.zone_id where w.id = new.woreda_id and r.kebele_id = new.id;
  elsif tg_table_name = 'woredas' then
    update report_daily r set zone_id = new.zone_id, region_id = z.region_id
      from zones z where z.id = new.zone_id and r.woreda_id = new.id;
  else
    update report_daily r set region_id = new.region_id where r.zone_id = new.id;
  end if;
  return null;
end $$;
create trigger kebeles_report_moved after update of woreda_id on kebeles for each row
  when (old.woreda_id is distinct from new.woreda_id) execute function report_area_moved();
create trigger woredas_report_moved after update of zone_id on woredas for each row
  when (old.zone_id is distinct from new.zone_id) execute function report_area_moved();
create trigger zones_report_moved after update of region_id on zones for each row
  when (old.region_id is distinct from new.region_id) execute function report_area_moved();

-- Backfill: everything recorded before this migration, in the same grouping.
insert into report_daily (day, region_id, zone_id, woreda_id, kebele_id, da_id, advisory_id,
                          farmers, groups, reach, adoption)
select x.day, z.region_id, w.zone_id, k.woreda_id, k.id, x.da_id, x.advisory_id,
       sum(x.farmers), sum(x.groups), sum(x.reach), sum(x.adoption)
from (
  select report_day(t.created_at) as day, t.kebele_id, t.created_by as da_id, 0::bigint as advisory_id,
         1 as farmers, 0 as groups, 0 as reach, 0 as adoption
  from farmers t
  union all
  select report_day(t.created_at), t.kebele_id, coalesce(t.created_by, 0), 0, 0, 1, 0, 0
  from development_groups t
  union all
  select report_day(t.created_at), f.kebele_id, t.created_by, t.advisory_id, 0, 0, 1, 0
  from reach_records t join farmers f on f.id = t.farmer_id
  union all
  select report_day(t.created_at), f.kebele_id, t.created_by, t.advisory_id, 0, 0, 0, 1
  from adoption_records t join farmers f on f.id = t.farmer_id
) x
join kebeles k on k.id = x.kebele_id join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
group by 1, 2, 3, 4, 5, 6, 7;
`;
