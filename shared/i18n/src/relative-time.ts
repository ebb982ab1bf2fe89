import type { Language } from './languages';
import { translate } from './translate';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "5 minutes ago" for the notification list, with dayjs's `fromNow` thresholds (so the
 * webapp's dayjs and the bot agree) but no dependency. A time in the future (clock skew
 * between phone and server) reads as "a few seconds ago"; an invalid date gives ''.
 */
export function formatRelativeTime(
  lang: Language,
  then: Date | number | string,
  now: Date | number = Date.now(),
): string {
  const thenMs = new Date(then).getTime();
  const nowMs = new Date(now).getTime();
  if (Number.isNaN(thenMs) || Number.isNaN(nowMs)) return '';
  const s = Math.max(0, (nowMs - thenMs) / 1000);
  type Counted =
    | 'time.minutes_ago'
    | 'time.hours_ago'
    | 'time.days_ago'
    | 'time.months_ago'
    | 'time.years_ago';
  const t = (key: Counted, count: number) => translate(lang, key, { count });

  if (s < 45) return translate(lang, 'time.seconds_ago');
  if (s < 90) return translate(lang, 'time.a_minute_ago');
  if (s < 45 * MINUTE) return t('time.minutes_ago', Math.round(s / MINUTE));
  if (s < 90 * MINUTE) return translate(lang, 'time.an_hour_ago');
  if (s < 22 * HOUR) return t('time.hours_ago', Math.round(s / HOUR));
  if (s < 36 * HOUR) return translate(lang, 'time.a_day_ago');
  if (s < 26 * DAY) return t('time.days_ago', Math.round(s / DAY));
  if (s < 45 * DAY) return translate(lang, 'time.a_month_ago');
  if (s < 320 * DAY) return t('time.months_ago', Math.max(2, Math.round(s / (30.44 * DAY))));
  if (s < 548 * DAY) return translate(lang, 'time.a_year_ago');
  return t('time.years_ago', Math.max(2, Math.round(s / (365.25 * DAY))));
}
