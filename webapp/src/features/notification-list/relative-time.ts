import type { Language } from '@gebere/i18n/languages';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

/**
 * How long ago, in words ("5 minutes", "5 ደቂቃዎች"), with dayjs's relativeTime (the stack's date
 * library, ≈3 KB): this module is imported lazily by the list, in parallel with the list call, so
 * it is not on the first load. The sentence around it ("Created … ago") is `notification.created`
 * in @gebere/i18n. dayjs's own Amharic locale is registered (without becoming the global default)
 * the first time Amharic is needed, as its own small chunk.
 */
dayjs.extend(relativeTime);

let amharic: Promise<void> | undefined;

function loadAmharic(): Promise<void> {
  amharic ??= import('dayjs/locale/am').then(({ default: am }) => {
    dayjs.locale(am, undefined, true);
  });
  amharic.catch(() => {
    amharic = undefined; // offline mid-load: English times now, Amharic on the next try
  });
  return amharic;
}

export type FormatRelative = (then: string, now?: number) => string;

/**
 * A formatter in `lang` (English when the Amharic locale could not load). A time in the future
 * (a phone clock behind the server's) reads as "a few seconds"; an invalid one as ''.
 */
export async function relativeTimeIn(lang: Language): Promise<FormatRelative> {
  let locale: Language = lang;
  if (lang === 'am')
    locale = await loadAmharic().then(
      () => 'am' as const,
      () => 'en' as const,
    );
  return (then, now = Date.now()) => {
    const t = dayjs(then);
    if (!t.isValid()) return '';
    const n = dayjs(now);
    return (t.isAfter(n) ? n : t).locale(locale).from(n, true);
  };
}
