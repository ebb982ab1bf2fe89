/**
 * A DA's own records (bot/src/backend/README.md "Correcting records"): a farmer can be retired
 * (moved, deceased, a duplicate), a reach or adoption record taken back. Nothing is deleted: the
 * row keeps its history and its audit rows (the update trigger of migration 16 records the
 * changed fields before and after), and the rollups of migration 9 stop counting it in the same
 * statement, so every writer (the routes, `gebere merge`, an operator's SQL) keeps reports true.
 *
 * Duplicates: the registration looks a farmer up by phone (any kebele) and by three names (in
 * the kebele), both among farmers not retired. No unique index: registries kept before this check
 * may hold the same phone twice, and such an index would fail this migration there or refuse a
 * restore of an older backup; the registration serialises its check on the phone and the names
 * with transaction locks instead (routes/farmer-checks.ts), and `gebere duplicates` lists what is
 * already there.
 */
export const sql = /* sql */ `
alter table farmers
  add column retired_at timestamptz,
  add column retired_reason text check (retired_reason in ('moved', 'deceased', 'duplicate')),
  -- The farmer kept when this one was merged into it (gebere merge).
  add column duplicate_of bigint constraint farmers_duplicate_of_fkey references farmers(id),
  add constraint farmers_retired_check check ((retired_at is null) = (retired_reason is null));

-- Three names compared as people read them: trimmed, one space between words, letters without
-- their accents (NFKD, then the Latin and Ethiopic combining marks dropped), in lower case.
create function farmer_name_key(farmer_name text, father_name text, grand_father_name text) returns text
  language sql immutable parallel safe
  as $$ select lower(regexp_replace(regexp_replace(normalize(
    trim(farmer_name) || ' ' || trim(father_name) || ' ' || trim(grand_father_name), NFKD),
    '[\u0300-\u036f\u135d-\u135f]', '', 'g'), '\\s+', ' ', 'g')) $$;

create index farmers_phone_active_idx on farmers(phone_number) where retired_at is null;
create index farmers_name_key_active_idx on farmers(kebele_id, farmer_name_key(farmer_name, father_name, grand_father_name))
  where retired_at is null;

-- A retired farmer leaves the farmers counted on the day and by the DA that registered them
-- (and comes back if an operator clears the retirement).
create function report_farmer_retired() returns trigger language plpgsql as $$
declare
  delta int := case when new.retired_at is not null then -1 else 1 end;
begin
  insert into report_daily as r (day, region_id, zone_id, woreda_id, kebele_id, da_id, advisory_id, farmers)
  select report_day(new.created_at), z.region_id, w.zone_id, k.woreda_id, k.id, new.created_by, 0, delta
  from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.id = new.kebele_id
  on conflict (kebele_id, day, da_id, advisory_id) do update set farmers = r.farmers + excluded.farmers;
  return null;
end $$;
create trigger farmers_report_retired after update of retired_at on farmers for each row
  when ((old.retired_at is null) <> (new.retired_at is null)) execute function report_farmer_retired();

-- A farmer's kebele is where their records are counted: it does not change (a farmer who moved
-- is retired as moved and registered in the new kebele).
create function farmer_kebele_fixed() returns trigger language plpgsql as $$
begin
  raise exception 'a farmer keeps their kebele: retire them as moved and register them in the new one'
    using errcode = 'check_violation';
end $$;
create trigger farmers_kebele_fixed before update of kebele_id on farmers for each row
  when (old.kebele_id is distinct from new.kebele_id) execute function farmer_kebele_fixed();

alter table reach_records add column taken_back_at timestamptz, add column taken_back_reason text;
alter table adoption_records add column taken_back_at timestamptz, add column taken_back_reason text;

-- A record taken back leaves the rollups and frees its pair (the key of migration 13), so the
-- pair can be recorded again and the farmer leaves the adoption list when nothing else reached
-- them; the record itself stays, marked. The trigger fires on the month's partition, so the
-- table is its argument (tg_table_name names the partition).
create function record_taken_back() returns trigger language plpgsql as $$
begin
  if tg_argv[0] = 'reach' then
    update report_daily r set reach = r.reach - 1 from farmers f
      where f.id = new.farmer_id and r.kebele_id = f.kebele_id and r.day = report_day(new.created_at)
        and r.da_id = new.created_by and r.advisory_id = new.advisory_id;
    delete from reach_record_keys where (farmer_id, advisory_id, created_by, id)
      = (new.farmer_id, new.advisory_id, new.created_by, new.id);
  else
    update report_daily r set adoption = r.adoption - 1 from farmers f
      where f.id = new.farmer_id and r.kebele_id = f.kebele_id and r.day = report_day(new.created_at)
        and r.da_id = new.created_by and r.advisory_id = new.advisory_id;
    delete from adoption_record_keys where (farmer_id, advisory_id, created_by, id)
      = (new.farmer_id, new.advisory_id, new.created_by, new.id);
  end if;
  return null;
end $$;
create trigger reach_records_taken_back after update of taken_back_at on reach_records for each row
  when (old.taken_back_at is null and new.taken_back_at is not null) execute function record_taken_back('reach');
create trigger adoption_records_taken_back after update of taken_back_at on adoption_records for each row
  when (old.taken_back_at is null and new.taken_back_at is not null) execute function record_taken_back('adoption');

-- Taken back is final: clearing it would count a record whose pair may have been recorded again.
create function record_take_back_final() returns trigger language plpgsql as $$
begin
  raise exception 'a % taken back stays taken back: record the pair again instead', tg_argv[0]
    using errcode = 'check_violation';
end $$;
create trigger reach_records_take_back_final before update of taken_back_at on reach_records for each row
  when (old.taken_back_at is not null and new.taken_back_at is distinct from old.taken_back_at)
  execute function record_take_back_final('reach record');
create trigger adoption_records_take_back_final before update of taken_back_at on adoption_records for each row
  when (old.taken_back_at is not null and new.taken_back_at is distinct from old.taken_back_at)
  execute function record_take_back_final('adoption record');
`;
