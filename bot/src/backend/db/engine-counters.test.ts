import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { pgliteDb } from './pglite';

/**
 * What a database of version 11 may hold: five notifications (planned and due next week; never
 * seen by the planner; removed; edited since planned; half queued), deliveries in every status,
 * and an occurrence retention already rolled up.
 */
const DATA = `
insert into bot_users (telegram_id, chat_id) select g, g from generate_series(1, 3) g;
insert into location_notifications (name, message, content_type, send_now, location_type, frequency, "interval",
  active, created_by) values
  ('planned', 'm', 'reach', false, 'all', 'weekly', 1, true, 1),
  ('unseen', 'm', 'reach', true, 'all', null, null, true, 1),
  ('removed', 'm', 'reach', false, 'all', 'weekly', 1, false, 1),
  ('edited', 'm', 'reach', false, 'all', 'monthly', 1, true, 1),
  ('queueing', 'm', 'reach', true, 'all', null, null, true, 1);
insert into notification_plans (notification_id, fingerprint, next_occurrence, planning_occurrence) values
  (1, 'f|weekly|1|all|', '2026-03-09T05:00:00Z', null),
  (3, 'f|weekly|1|all|', '2026-03-09T05:00:00Z', null),
  (4, 'f|weekly|1|all|', '2026-03-09T05:00:00Z', null),
  (5, 't|||all|', null, '2026-03-02T05:00:00Z');
insert into notification_deliveries (notification_id, occurrence, bot_user_id, status) values
  (1, '2026-03-02T05:00:00Z', 1, 'sent'), (1, '2026-03-02T05:00:00Z', 2, 'failed'),
  (1, '2026-03-02T05:00:00Z', 3, 'queued'), (1, '2026-02-23T05:00:00Z', 1, 'sent'),
  (5, '2026-03-02T05:00:00Z', 2, 'queued');
insert into notification_occurrence_counts (notification_id, occurrence, sent, failed) values
  (1, '2026-02-02T05:00:00Z', 40, 2), (1, '2026-02-23T05:00:00Z', 7, 1);
`;

const COUNTS = `select notification_id as n, occurrence::text as occ, queued, sent, failed, pruned_sent, pruned_failed
  from notification_occurrence_counts order by 1, 2`;

// Two migrations of a fresh PGlite: seconds alone, much longer beside a full parallel suite.
it('backfills the counters and wakes the plans an older database holds', { timeout: 180_000 }, async () => {
  const db = pgliteDb(await PGlite.create());
  await migrate(db, undefined, migrations.slice(0, 11));
  await db.exec(DATA);
  expect((await migrate(db, undefined, migrations.slice(0, 12))).applied).toEqual([12]);
  // Kept rows counted by status; what retention had rolled up kept apart, unchanged.
  expect((await db.query(COUNTS)).rows).toEqual([
    { n: 1, occ: '2026-02-02 05:00:00+00', queued: 0, sent: 0, failed: 0, pruned_sent: 40, pruned_failed: 2 },
    { n: 1, occ: '2026-02-23 05:00:00+00', queued: 0, sent: 1, failed: 0, pruned_sent: 7, pruned_failed: 1 },
    { n: 1, occ: '2026-03-02 05:00:00+00', queued: 1, sent: 1, failed: 1, pruned_sent: 0, pruned_failed: 0 },
    { n: 5, occ: '2026-03-02 05:00:00+00', queued: 1, sent: 0, failed: 0, pruned_sent: 0, pruned_failed: 0 },
  ]);
  // The planner's index range: due at once unless planned and current; never once removed.
  expect(
    (await db.query('select notification_id as n, wake_at::text as wake from notification_plans order by 1'))
      .rows,
  ).toEqual([
    { n: 1, wake: '2026-03-09 05:00:00+00' },
    { n: 2, wake: '-infinity' },
    { n: 3, wake: null },
    { n: 4, wake: '-infinity' },
    { n: 5, wake: '-infinity' },
  ]);
  // From here the triggers keep both.
  await db.exec(`update notification_deliveries set status = 'sent' where status = 'queued';
    update location_notifications set active = false where id = 1;
    insert into location_notifications (name, message, content_type, send_now, created_by)
      values ('new', 'm', 'reach', true, 1);`);
  const pending = await db.query(
    'select notification_id as n, sum(queued)::int as queued, sum(sent)::int as sent from notification_count_changes group by 1 order by 1',
  );
  expect(pending.rows).toEqual([
    { n: 1, queued: -1, sent: 1 },
    { n: 5, queued: -1, sent: 1 },
  ]);
  expect(
    (
      await db.query(
        'select notification_id as n, wake_at::text as wake from notification_plans where notification_id in (1, 6) order by 1',
      )
    ).rows,
  ).toEqual([
    { n: 1, wake: null },
    { n: 6, wake: '-infinity' },
  ]);
  await db.close();
});
