import type { Language } from '@gebere/i18n/languages';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { momentDayText } from './dates';

/**
 * How long ago, in words ("5 minutes", "5 ደቂቃዎች", "daqiiqaa 5"), with dayjs's relativeTime (the
 * stack's date library, ≈3 KB): this module is imported lazily (by the notification list, in
 * parallel with its call; by the offline "as of" line), so it is not on the first load. The
 * sentences around it ("Created … ago", "… as of …") are in @gebere/i18n. A language's dayjs locale (dayjs's own Amharic; our
 * Afaan Oromo, dayjs-om.ts, as dayjs has none) is registered (without becoming the global default)
 * the first time that language is needed, as its own small chunk.
 */
dayjs.extend(relativeTime);

/** The locales dayjs lacks until loaded; English is built in. */
const LOCALES: Readonly<Record<Exclude<Language, 'en'>, () => Promise<{ default: ILocale }>>> = {
  am: () => import('dayjs/locale/am'),
  om: () => import('./dayjs-om'),
};
const loading = new Map<Language, Promise<void>>();

function loadLocale(lang: Exclude<Language, 'en'>): Promise<void> {
  let load = loading.get(lang);
  if (!load) {
    load = LOCALES[lang]().then(({ default: locale }) => {
      dayjs.locale(locale, undefined, true);
    });
    load.catch(() => loading.delete(lang)); // offline mid-load: English times now, the language on the next try
    loading.set(lang, load);
  }
  return load;
}

/** How long ago `then` was ("5 minutes"); with `ago`, said as the language says it ("5 minutes ago"). */
export interface FormatRelative {
  (then: string, now?: number, options?: { ago?: boolean }): string;
  /** The day of `then` in the reader's calendar (dates.ts), for a time a reader may need to find again. */
  day(then: string): string;
}

/**
 * A formatter in `lang` (English when its locale could not load). A time in the future
 * (a phone clock behind the server's) reads as "a few seconds"; an invalid one as ''. The
 * duration is the same in either calendar (dayjs's months and years are only words past 25
 * days); the day, when one is shown, is the reader's calendar's (`day`), and no clock time is
 * shown: an Amharic reader counts hours from dawn.
 */
export async function relativeTimeIn(lang: Language): Promise<FormatRelative> {
  const locale: Language =
    lang === 'en'
      ? 'en'
      : await loadLocale(lang).then(
          () => lang,
          () => 'en' as const,
        );
  const ago = (then: string, now = Date.now(), options: { ago?: boolean } = {}) => {
    const t = dayjs(then);
    if (!t.isValid()) return '';
    const n = dayjs(now);
    return (t.isAfter(n) ? n : t).locale(locale).from(n, !options.ago);
  };
  return Object.assign(ago, { day: momentDayText });
}
