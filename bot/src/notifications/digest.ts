import {
  ADDIS_OFFSET_MS,
  addDays,
  defaultPeriod,
  type Report,
  reportDayOf,
  weekStart,
} from '@gebere/contract';
import { defaultLanguage, isLanguage, type Language, translate } from '@gebere/i18n';
import { GrammyError, InputFile } from 'grammy';
import type { Db } from '../backend/db/types';
import { buildReport } from '../backend/routes/reports';
import { loadActor } from '../backend/serving/actor-source';
import { reportPlace, reportScopes } from '../backend/serving/authorize';
import type { Logger } from '../log';
import { chartPng } from './digest-chart';
import { pauseAll } from './queue';
import { SEND_HOUR_LOCAL } from './schedule';
import { describe } from './sender';
import type { EngineClock, EngineOptions, SendApi } from './types';

/**
 * The weekly report digest (issue 20, item 3; README "Weekly report digest"): every Monday at
 * 08:00 Africa/Addis_Ababa each subscriber gets a chart of their report area's last 12 weeks and
 * a few lines of figures, in their language. One row per subscriber and ISO week
 * (`report_digest_deliveries`, unique), so a restart or a second copy never sends it twice; sent
 * on the notification engine's shared rate row, with its in-doubt rule (a request that may have
 * reached Telegram is recorded as sent, never repeated). The subscriber's report scope is read
 * again, with the report's own rule, when the digest is made.
 */

const iso = (t: number) => new Date(t).toISOString();

/** The ISO week whose digest is due at or after `now`: its Monday and its send time. */
export function digestWeek(now: number): { week: string; sendAt: number } {
  const week = weekStart(reportDayOf(new Date(now)));
  return { week, sendAt: Date.parse(`${week}T00:00:00Z`) + SEND_HOUR_LOCAL * 3_600_000 - ADDIS_OFFSET_MS };
}

/**
 * Queues this week's digests (every subscriber, once: the unique key) when the Monday send time
 * has come and is less than `maxLatenessMs` past; records in-doubt rows as sent. Returns the rows
 * queued.
 */
export async function planDigests(db: Db, now: number, maxLatenessMs: number): Promise<number> {
  await db.query(
    `update report_digest_deliveries set status = 'sent', sending_at = null, claimed_until = null,
       last_error = 'unconfirmed: the sender stopped while sending', updated_at = now()
     where status = 'queued' and sending_at is not null and claimed_until < $1::timestamptz`,
    [iso(now)],
  );
  const { week, sendAt } = digestWeek(now);
  if (now < sendAt || now - sendAt > maxLatenessMs) return 0;
  const r = await db.query(
    `insert into report_digest_deliveries (bot_user_id, week)
     select bot_user_id, $1 from report_digest_subscriptions
     on conflict (bot_user_id, week) do nothing`,
    [week],
  );
  return r.rowCount;
}

/** The report a digest shows: the subscriber's widest area, the 12 weeks ending the Sunday before `week`. */
export async function digestReport(db: Db, telegramId: number, week: string): Promise<Report | null> {
  const scopes = await reportScopes(db, await loadActor(db, telegramId));
  const widest = scopes[0];
  if (!widest) return null;
  const place = await reportPlace(db, widest.level, widest.id);
  if (!place) return null;
  const period = defaultPeriod(addDays(week, -1));
  return buildReport(db, { level: widest.level, id: widest.id, ...period, valueChain: null }, []);
}

/** The caption's lines and the chart of one report, in `lang`. */
export function renderDigest(report: Report, lang: Language): { caption: string; png: Buffer } {
  const a = report.area;
  const area =
    a.level === 'all' ? translate(lang, 'report.country') : lang === 'am' && a.name_am ? a.name_am : a.name;
  const last = report.weeks.at(-1) ?? { week: report.to, reach: 0, adoption: 0 };
  const title = translate(lang, 'bot.digest.title', { area });
  const caption = [
    title,
    translate(lang, 'bot.digest.week', { week: last.week, reach: last.reach, adoption: last.adoption }),
    translate(lang, 'bot.digest.period', {
      from: report.from,
      to: report.to,
      reach: report.totals.reach,
      adoption: report.totals.adoption,
      farmers: report.totals.farmers,
      groups: report.totals.groups,
    }),
  ].join('\n');
  const png = chartPng({
    title,
    subtitle: translate(lang, 'bot.digest.chart'),
    bars: report.weeks.map((w) => ({ week: w.week, value: w.reach })),
  });
  return { caption, png };
}

export interface DigestDeps {
  db: Db;
  api: SendApi;
  logger: Logger;
  clock: EngineClock;
  options: EngineOptions;
  worker: string;
}

export interface DigestCounts {
  queued: number;
  sent: number;
  failed: number;
}

type Row = {
  id: number;
  week: string;
  attempts: number;
  telegram_id: number;
  chat_id: number;
  language: string;
};

/** Leases up to `batch` queued digests and reserves their send slots on the shared rate row. */
async function claimDigests(d: DigestDeps, batch: number): Promise<Array<Row & { slot: number }>> {
  const now = d.clock.now();
  const gap = 1000 / d.options.ratePerSecond;
  return d.db.transaction(async (tx) => {
    const rate = await tx.query<{ next_slot: Date }>(
      'select next_slot from notification_send_rate where id = 1 for update',
    );
    const next = rate.rows[0]?.next_slot.getTime() ?? 0;
    if (next > now + d.options.horizonMs) return [];
    const r = await tx.query<Row>(
      `with picked as (
         select id from report_digest_deliveries
         where status = 'queued' and sending_at is null
           and (claimed_until is null or claimed_until < $1::timestamptz)
           and (not_before is null or not_before <= $1::timestamptz)
         order by id limit $2 for update skip locked
       )
       update report_digest_deliveries g set claimed_until = $3::timestamptz, attempts = g.attempts + 1,
         last_error = $4, updated_at = now()
       from picked, bot_users u where g.id = picked.id and u.id = g.bot_user_id
       returning g.id, g.week, g.attempts, u.telegram_id, u.chat_id, u.language`,
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

const finish = (db: Db, id: number, status: 'sent' | 'failed', error: string | null, messageId?: number) =>
  db.query(
    `update report_digest_deliveries set status = $2, sending_at = null, claimed_until = null,
       last_error = $3, message_id = $4, sent_at = case when $2 = 'sent' then now() end, updated_at = now()
     where id = $1`,
    [id, status, error, messageId ?? null],
  );

const release = (db: Db, id: number, notBefore: number, error: string) =>
  db.query(
    `update report_digest_deliveries set sending_at = null, claimed_until = null, not_before = $2::timestamptz,
       last_error = $3, updated_at = now() where id = $1`,
    [id, iso(notBefore), error],
  );

async function sendDigest(d: DigestDeps, row: Row, c: DigestCounts): Promise<void> {
  const { db, clock } = d;
  const subscribed = await db.query(
    'select 1 from report_digest_subscriptions s join report_digest_deliveries g on g.bot_user_id = s.bot_user_id where g.id = $1',
    [row.id],
  );
  if (subscribed.rows.length === 0) {
    await finish(db, row.id, 'failed', 'cancelled: unsubscribed');
    c.failed++;
    return;
  }
  /** Another try after the backoff, or `failed` with the reason once the attempts are spent. */
  const retryOrFail = async (reason: string) => {
    if (row.attempts >= d.options.maxAttempts) {
      await finish(db, row.id, 'failed', reason);
      c.failed++;
      return;
    }
    await release(db, row.id, clock.now() + d.options.backoffMs * 2 ** Math.max(0, row.attempts - 1), reason);
  };
  // Reading the report or drawing its chart may fail (the database, resvg, a font): an attempt
  // like a failed send, so it is retried a few times, then given up with its reason.
  let digest: { caption: string; png: Buffer };
  try {
    const report = await digestReport(db, Number(row.telegram_id), row.week);
    if (!report) {
      await finish(db, row.id, 'failed', 'cancelled: no report scope');
      c.failed++;
      return;
    }
    digest = renderDigest(report, isLanguage(row.language) ? row.language : defaultLanguage);
  } catch (error) {
    d.logger.warn({ err: error, digest: row.id }, 'could not make a report digest');
    return retryOrFail(`not made: ${describe(error)}`);
  }
  const { caption, png } = digest;
  if (!d.api.sendPhoto) throw new Error('the Bot API client cannot send photos');
  // Committed before the request: a crash from here on leaves the row in doubt, never resent.
  await db.query('update report_digest_deliveries set sending_at = $2::timestamptz where id = $1', [
    row.id,
    iso(clock.now()),
  ]);
  try {
    const sent = await d.api.sendPhoto(Number(row.chat_id), new InputFile(png, `digest-${row.week}.png`), {
      caption,
    });
    await finish(db, row.id, 'sent', null, sent.message_id);
    c.sent++;
  } catch (error) {
    const reason = describe(error);
    if (error instanceof GrammyError && error.error_code === 429) {
      const until = clock.now() + (error.parameters.retry_after ?? 1) * 1000;
      await pauseAll(db, until);
      await release(db, row.id, until, reason);
      return;
    }
    if (error instanceof GrammyError && error.error_code < 500) {
      await finish(db, row.id, 'failed', reason);
      c.failed++;
      return;
    }
    await retryOrFail(reason);
  }
}

/** Sends every claimable digest, one at a time at its slot (digests are few: subscribers, not DAs). */
export async function drainDigests(d: DigestDeps, c: DigestCounts, signal?: AbortSignal): Promise<void> {
  while (!signal?.aborted) {
    const rows = await claimDigests(d, 10);
    if (rows.length === 0) return;
    for (const row of rows) {
      if (signal?.aborted) {
        await d.db.query(
          'update report_digest_deliveries set claimed_until = null where id = $1 and sending_at is null',
          [row.id],
        );
        continue;
      }
      await d.clock.sleep(row.slot - d.clock.now(), signal);
      try {
        await sendDigest(d, row, c);
      } catch (err) {
        d.logger.error({ err, digest: row.id }, 'could not send a report digest');
      }
    }
  }
}
