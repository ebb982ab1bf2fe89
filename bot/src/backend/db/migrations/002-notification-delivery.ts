/**
 * Bookkeeping for the notification engine (bot/src/notifications, see its README). Columns are
 * only added, so the backend's details call keeps counting `status` as before: a delivery being
 * sent is still `queued` (with a lease), a cancelled one is `failed` with its reason.
 */
export const sql = /* sql */ `
-- When Telegram answered 403 for this user. They count as reachable again once the bot hears
-- from them (any upsert bumps updated_at past it), so no one has to remember to clear it.
alter table bot_users add column blocked_at timestamptz;

alter table notification_deliveries
  -- The lease: a worker owns the row until then; after a crash it simply runs out.
  add column claimed_until timestamptz,
  add column claimed_by text,
  -- Set (and committed) just before the Bot API request, cleared with its outcome. Still set once
  -- the lease has run out means the worker died while Telegram was answering: "in doubt".
  add column sending_at timestamptz,
  -- Not to be tried before (429 retry_after, backoff after a network error).
  add column not_before timestamptz,
  add column sent_at timestamptz,
  add column message_id bigint;

-- The queue in claim order; leased rows (which chats are busy); chats written to a moment ago.
create index notification_deliveries_queue_idx on notification_deliveries(id) where status = 'queued';
create index notification_deliveries_leased_idx on notification_deliveries(claimed_until)
  where status = 'queued';
create index notification_deliveries_sent_idx on notification_deliveries(sent_at) where status = 'sent';

-- One row per notification the planner has seen: which schedule (fingerprint) it planned, from
-- when, the occurrence whose deliveries may be sent, and the next one to plan.
create table notification_plans (
  notification_id bigint primary key constraint notification_plans_notification_fkey
    references location_notifications(id),
  fingerprint text not null,
  since timestamptz,
  last_occurrence timestamptz,
  next_occurrence timestamptz,
  updated_at timestamptz not null default now()
);
create index notification_plans_next_idx on notification_plans(next_occurrence);

-- The send rate shared by every server copy: the next free send slot (a GCRA "theoretical
-- arrival time"). Claims reserve slots here, so N copies together stay under Telegram's limit.
create table notification_send_rate (
  id int primary key check (id = 1),
  next_slot timestamptz not null
);
insert into notification_send_rate (id, next_slot) values (1, 'epoch');
`;
