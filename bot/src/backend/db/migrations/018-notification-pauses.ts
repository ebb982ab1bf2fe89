/**
 * Paused notifications (docs/authorization.md, "Revocation"): a notification whose creator's
 * grants no longer cover its target (a revoked grant), or that an operator stopped, is kept,
 * still active, but the engine plans and sends nothing of it until an operator resumes it.
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
`;
