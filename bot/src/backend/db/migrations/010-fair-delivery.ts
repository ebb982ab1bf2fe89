/**
 * Fair delivery (bot/src/notifications/README.md, "Order: priority and the
 * morning spread"). Send-now broadcasts go ahead of recurring reminders, recurring occurrences are
 * spread over a window instead of all being due at 08:00, and the engine's rate is recorded where
 * the details call can state an expected finishing time.
 */
export const sql = /* sql */ `
-- 0: a paid send-now broadcast (its own lane and rate, below); 1: send-now (a manager's
-- broadcast); 2: a recurring reminder. Set when the row is queued.
-- due_at: when the row may first be claimed: the occurrence, or for a recurring one its
-- recipient's slot in the morning's spread window (a writer that leaves it out queues a row due
-- at once). Only queued rows are indexed on it. Neither default rewrites the table.
alter table notification_deliveries add column priority smallint not null default 2,
  add column due_at timestamptz not null default now();
update notification_deliveries d set due_at = d.occurrence,
  priority = case when n.send_now then 1 else 2 end
  from location_notifications n where n.id = d.notification_id and d.status = 'queued';

-- The claim's walk: per priority, in due order. Replaces the queue in plain id order.
create index notification_deliveries_claim_idx on notification_deliveries(priority, due_at, id)
  where status = 'queued';
drop index notification_deliveries_queue_idx;

-- The spread window of the occurrence being planned (every batch of it uses the same one).
alter table notification_plans add column spread_ms bigint not null default 0;

-- The rate the engine sends at (NOTIFICATIONS_RATE), written by the engine when it starts, so the
-- backend's details call can say when a notification's queued deliveries should be out.
alter table notification_send_rate add column rate_per_second real not null default 30;

-- Paid broadcasts (Telegram's allow_paid_broadcast, up to 1000 messages a second, billed in
-- Stars): opted into per send-now notification by a national manager. Its rows are queued at
-- priority 0 and paced on their own rate row (id 2), apart from the free ~30 a second (id 1).
alter table location_notifications add column paid_broadcast boolean not null default false;
alter table notification_send_rate drop constraint notification_send_rate_id_check,
  add constraint notification_send_rate_id_check check (id in (1, 2));
insert into notification_send_rate (id, next_slot, rate_per_second) values (2, 'epoch', 1000);
`;
