/**
 * Paused notifications (docs/authorization.md, "Revocation"): a notification whose creator's
 * grants no longer cover its target (a revoked grant, a changed phone, REJECTED), or that an
 * operator stopped, is kept, still active, but the engine plans and sends nothing of it until an
 * operator resumes it.
 * `paused_reason` says why: `grant` (the revocation paused it) or `operator` (`gebere
 * notifications stop`). The engine reads `paused_at is null` wherever it reads `active`.
 */
export const sql = /* sql */ `
alter table location_notifications add column paused_at timestamptz,
  add column paused_reason text check (paused_reason in ('grant', 'operator')),
  add constraint location_notifications_paused check ((paused_at is null) = (paused_reason is null));

-- Pausing or resuming marks the notification for the sweep (its queued rows are cancelled) and
-- wakes its plan row (resumed: planned at once; paused: never, as when removed), like a change of
-- active (migrations 008 and 012).
create or replace function notification_sweep_mark() returns trigger language plpgsql as $$
begin
  insert into notification_sweeps (notification_id) values (new.id)
    on conflict (notification_id) do update set marked_at = now();
  insert into notification_plans (notification_id, fingerprint, wake_at)
    values (new.id, '', case when new.active and new.paused_at is null then '-infinity'::timestamptz end)
    on conflict (notification_id) do update set wake_at = excluded.wake_at;
  return null;
end $$;
drop trigger location_notifications_sweep_mark on location_notifications;
create trigger location_notifications_sweep_mark
  after update of active, paused_at, send_now, frequency, "interval", location_type, location_id
  on location_notifications for each row
  when (old.active is distinct from new.active or old.paused_at is distinct from new.paused_at
        or old.send_now is distinct from new.send_now
        or old.frequency is distinct from new.frequency or old."interval" is distinct from new."interval"
        or old.location_type is distinct from new.location_type
        or old.location_id is distinct from new.location_id)
  execute function notification_sweep_mark();

-- The operator's list of paused notifications.
create index location_notifications_paused_idx on location_notifications(paused_at) where paused_at is not null;

-- Whether a notification's creator holds a notification-manager grant covering its target now:
-- authorize.ts's rule for a create (grantCovers; all and a paid broadcast need a national grant),
-- on the target's stored area ids. A REJECTED creator holds nothing.
create function notification_covered(n location_notifications) returns boolean
  language sql stable as $$
  select exists (
    select 1 from bot_users b join role_grants g on g.phone_number = b.phone_number
    where b.id = n.created_by and b.verification_status <> 'REJECTED' and g.role = 'notification_manager'
      and (g.location_type = 'all' or (not n.paid_broadcast and g.location_id = case g.location_type
        when 'region' then n.region_id when 'zone' then n.zone_id
        when 'woreda' then n.woreda_id when 'kebele' then n.kebele_id end)))
$$;

-- Pauses the active notifications of these creators that no grant of theirs covers now; how many.
create function pause_uncovered_notifications(creators bigint[]) returns int
  language plpgsql as $$
declare paused int;
begin
  update location_notifications n set paused_at = now(), paused_reason = 'grant'
  where n.created_by = any(creators) and n.active and n.paused_at is null and not notification_covered(n);
  get diagnostics paused = row_count;
  return paused;
end $$;

-- A grant also stops applying when its holder's verified phone changes or they are REJECTED,
-- whichever writer does it: their notifications are decided again then (a revocation calls the
-- function itself, for the count it reports).
create function bot_users_pause_notifications() returns trigger language plpgsql as $$
begin
  perform pause_uncovered_notifications(array[new.id]);
  return null;
end $$;
create trigger bot_users_pause_notifications
  after update of verification_status, phone_number on bot_users for each row
  when ((new.verification_status = 'REJECTED' and old.verification_status is distinct from new.verification_status)
        or old.phone_number is distinct from new.phone_number)
  execute function bot_users_pause_notifications();
`;
