import { GrammyError } from 'grammy';
import type { Db } from '../backend/db/types';
import type { Logger } from '../log';
import { pauseAll } from './queue';
import { describe } from './sender';
import type { EngineClock, EngineOptions, SendApi } from './types';

/**
 * One-off bot messages, each a row of its own queue table (the weekly report digest's
 * `report_digest_deliveries`, enrolment's `da_enrolment_messages`: the columns of migration 011's
 * table), sent one at a time on the notification engine's shared rate row, so they and the
 * notifications together stay within NOTIFICATIONS_RATE on every copy. A row is leased (`for
 * update skip locked`), marked `sending_at` (committed) before the request and finished when
 * Telegram answers; one still marked when its lease has run out is in doubt and recorded as sent,
 * never resent (the engine's rule, README "Durable and exact"). 429: every copy pauses; 5xx and
 * network errors retry with the engine's backoff; other 4xx fail.
 */

const iso = (t: number) => new Date(t).toISOString();

export interface OneOffDeps {
  db: Db;
  api: SendApi;
  logger: Logger;
  clock: EngineClock;
  options: EngineOptions;
  worker: string;
}

/** A claimed row: its id and attempt, the recipient, and the queue's own columns. */
export interface OneOffRow {
  id: number;
  attempts: number;
  bot_user_id: number;
  telegram_id: number;
  chat_id: number;
  language: string;
  [column: string]: unknown;
}

/** What a row becomes: a message to send, or a reason it is not sent (recorded as failed). */
export type Prepared = { send(): Promise<{ message_id: number }> } | { cancel: string };

export interface OneOffQueue {
  /** The queue table. */
  table: string;
  /** Its columns the claimed row carries besides the recipient's, e.g. `g.week`. */
  columns: string;
  /** What to send for a row, read when it is sent; a throw counts as a failed attempt. */
  prepare(row: OneOffRow): Promise<Prepared>;
  /** Names the row in log lines (`digest`, `enrolmentMessage`). */
  name: string;
}

export interface OneOffCounts {
  sent: number;
  failed: number;
}

/** Rows whose worker died while Telegram was answering: recorded as sent, never resent. */
export async function settleInDoubt(db: Db, table: string, now: number): Promise<void> {
  await db.query(
    `update ${table} set status = 'sent', sending_at = null, claimed_until = null,
       last_error = 'unconfirmed: the sender stopped while sending', updated_at = now()
     where status = 'queued' and sending_at is not null and claimed_until < $1::timestamptz`,
    [iso(now)],
  );
}

/** Leases up to `batch` queued rows and reserves their send slots on the shared rate row. */
async function claim(
  d: OneOffDeps,
  q: OneOffQueue,
  batch: number,
): Promise<Array<OneOffRow & { slot: number }>> {
  const now = d.clock.now();
  const gap = 1000 / d.options.ratePerSecond;
  return d.db.transaction(async (tx) => {
    const rate = await tx.query<{ next_slot: Date }>(
      'select next_slot from notification_send_rate where id = 1 for update',
    );
    const next = rate.rows[0]?.next_slot.getTime() ?? 0;
    if (next > now + d.options.horizonMs) return [];
    const r = await tx.query<OneOffRow>(
      `with picked as (
         select id from ${q.table}
         where status = 'queued' and sending_at is null
           and (claimed_until is null or claimed_until < $1::timestamptz)
           and (not_before is null or not_before <= $1::timestamptz)
         order by id limit $2 for update skip locked
       )
       update ${q.table} g set claimed_until = $3::timestamptz, attempts = g.attempts + 1,
         last_error = $4, updated_at = now()
       from picked, bot_users u where g.id = picked.id and u.id = g.bot_user_id
       returning g.id, g.attempts, g.bot_user_id, u.telegram_id, u.chat_id, u.language, ${q.columns}`,
      [iso(now), batch, iso(now + d.options.leaseMs), `claimed by ${d.worker}`],
    );
    const rows = r.rows.sort((x, y) => Number(x.id) - Number(y.id));
    const start = Math.max(now, next);
    if (rows.length > 0)
      await tx.query('update notification_send_rate set next_slot = $1::timestamptz where id = 1', [
        iso(start + rows.length * gap),
      ]);
    return rows.map((row, i) => ({ ...row, id: Number(row.id), slot: start + i * gap }));
  });
}

const finish = (
  db: Db,
  table: string,
  id: number,
  status: 'sent' | 'failed',
  error: string | null,
  messageId?: number,
) =>
  db.query(
    `update ${table} set status = $2, sending_at = null, claimed_until = null,
       last_error = $3, message_id = $4, sent_at = case when $2 = 'sent' then now() end, updated_at = now()
     where id = $1`,
    [id, status, error, messageId ?? null],
  );

const release = (db: Db, table: string, id: number, notBefore: number, error: string) =>
  db.query(
    `update ${table} set sending_at = null, claimed_until = null, not_before = $2::timestamptz,
       last_error = $3, updated_at = now() where id = $1`,
    [id, iso(notBefore), error],
  );

async function sendRow(d: OneOffDeps, q: OneOffQueue, row: OneOffRow, c: OneOffCounts): Promise<void> {
  const { db, clock } = d;
  const failed = async (reason: string) => {
    await finish(db, q.table, row.id, 'failed', reason);
    c.failed++;
  };
  /** Another try after the backoff, or `failed` with the reason once the attempts are spent. */
  const retryOrFail = async (reason: string) => {
    if (row.attempts >= d.options.maxAttempts) return failed(reason);
    await release(
      db,
      q.table,
      row.id,
      clock.now() + d.options.backoffMs * 2 ** Math.max(0, row.attempts - 1),
      reason,
    );
  };
  // Making the message may fail (the database, a renderer): an attempt like a failed send.
  let prepared: Prepared;
  try {
    prepared = await q.prepare(row);
  } catch (error) {
    d.logger.warn({ err: error, [q.name]: row.id }, 'could not make a bot message');
    return retryOrFail(`not made: ${describe(error)}`);
  }
  if ('cancel' in prepared) return failed(prepared.cancel);
  // Committed before the request: a crash from here on leaves the row in doubt, never resent.
  await db.query(`update ${q.table} set sending_at = $2::timestamptz where id = $1`, [
    row.id,
    iso(clock.now()),
  ]);
  try {
    const sent = await prepared.send();
    await finish(db, q.table, row.id, 'sent', null, sent.message_id);
    c.sent++;
  } catch (error) {
    const reason = describe(error);
    if (error instanceof GrammyError && error.error_code === 429) {
      const until = clock.now() + (error.parameters.retry_after ?? 1) * 1000;
      await pauseAll(db, until);
      await release(db, q.table, row.id, until, reason);
      return;
    }
    if (error instanceof GrammyError && error.error_code < 500) return failed(reason);
    await retryOrFail(reason);
  }
}

/**
 * Records the queue's in-doubt rows, then sends every claimable row, one at a time at its slot
 * (few: people, not broadcasts).
 */
export async function drainOneOff(
  d: OneOffDeps,
  q: OneOffQueue,
  c: OneOffCounts,
  signal?: AbortSignal,
): Promise<void> {
  // Nothing queued (the usual case): no lock on the shared rate row, which every claim takes.
  const queued = await d.db.query(`select 1 from ${q.table} where status = 'queued' limit 1`);
  if (queued.rows.length === 0) return;
  await settleInDoubt(d.db, q.table, d.clock.now());
  while (!signal?.aborted) {
    const rows = await claim(d, q, 10);
    if (rows.length === 0) return;
    for (const row of rows) {
      if (signal?.aborted) {
        await d.db.query(`update ${q.table} set claimed_until = null where id = $1 and sending_at is null`, [
          row.id,
        ]);
        continue;
      }
      await d.clock.sleep(row.slot - d.clock.now(), signal);
      try {
        await sendRow(d, q, row, c);
      } catch (err) {
        d.logger.error({ err, [q.name]: row.id }, 'could not send a bot message');
      }
    }
  }
}
