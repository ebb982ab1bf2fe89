import {
  ADDIS_OFFSET_MS,
  addDays,
  defaultPeriod,
  localName,
  type Report,
  reportDayOf,
  weekStart,
} from '@gebere/contract';
import { dayIn, defaultLanguage, isLanguage, type Language, translate } from '@gebere/i18n';
import { InputFile } from 'grammy';
import type { Db } from '../backend/db/types';
import { buildReport } from '../backend/routes/reports';
import { loadActor } from '../backend/serving/actor-source';
import { reportPlace, reportScopes } from '../backend/serving/authorize';
import { digestChart } from './digest-chart';
import { drainOneOff, type OneOffCounts, type OneOffDeps, type OneOffQueue, settleInDoubt } from './one-off';
import { SEND_HOUR_LOCAL } from './schedule';

/**
 * The weekly report digest (README "Weekly report digest"): every Monday at
 * 08:00 Africa/Addis_Ababa each subscriber gets a chart of their report area's last 12 weeks and
 * a few lines of figures, in their language. One row per subscriber and ISO week
 * (`report_digest_deliveries`, unique), so a restart or a second copy never sends it twice; sent
 * as a one-off message (one-off.ts: the engine's shared rate row and in-doubt rule). The
 * subscriber's report scope is read again, with the report's own rule, when the digest is made.
 */

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
  await settleInDoubt(db, 'report_digest_deliveries', now);
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

/** The caption's lines and the chart of one report, in `lang` and its calendar (Ethiopian in am, om). */
export function renderDigest(report: Report, lang: Language): { caption: string; png: Buffer } {
  const a = report.area;
  const area = a.level === 'all' ? translate(lang, 'report.country') : localName(a, lang);
  const last = report.weeks.at(-1) ?? { week: report.to, reach: 0, adoption: 0 };
  const title = translate(lang, 'bot.digest.title', { area });
  const caption = [
    title,
    translate(lang, 'bot.digest.week', {
      week: dayIn(lang, last.week),
      reach: last.reach,
      adoption: last.adoption,
    }),
    translate(lang, 'bot.digest.period', {
      from: dayIn(lang, report.from),
      to: dayIn(lang, report.to),
      reach: report.totals.reach,
      adoption: report.totals.adoption,
      farmers: report.totals.farmers,
      groups: report.totals.groups,
    }),
  ].join('\n');
  const png = digestChart.png({
    title,
    subtitle: translate(lang, 'bot.digest.chart'),
    bars: report.weeks.map((w) => ({ label: dayIn(lang, w.week, 'short'), value: w.reach })),
  });
  return { caption, png };
}

export type DigestDeps = OneOffDeps;

export interface DigestCounts extends OneOffCounts {
  queued: number;
}

/** The digest's queue: the subscription and the report scope are read again when it is made. */
function digestQueue(d: DigestDeps): OneOffQueue {
  return {
    table: 'report_digest_deliveries',
    columns: 'g.week',
    name: 'digest',
    async prepare(row) {
      const subscribed = await d.db.query(
        'select 1 from report_digest_subscriptions where bot_user_id = $1',
        [row.bot_user_id],
      );
      if (subscribed.rows.length === 0) return { cancel: 'cancelled: unsubscribed' };
      const week = String(row.week);
      const report = await digestReport(d.db, Number(row.telegram_id), week);
      if (!report) return { cancel: 'cancelled: no report scope' };
      const { caption, png } = renderDigest(
        report,
        isLanguage(row.language) ? row.language : defaultLanguage,
      );
      return {
        send: () => {
          if (!d.api.sendPhoto) throw new Error('the Bot API client cannot send photos');
          return d.api.sendPhoto(Number(row.chat_id), new InputFile(png, `digest-${week}.png`), { caption });
        },
      };
    },
  };
}

/** Sends every claimable digest, one at a time at its slot (digests are few: subscribers, not DAs). */
export function drainDigests(d: DigestDeps, c: DigestCounts, signal?: AbortSignal): Promise<void> {
  return drainOneOff(d, digestQueue(d), c, signal);
}
