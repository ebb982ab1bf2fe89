import type { Language } from '@gebere/i18n/languages';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

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
export type FormatRelative = (then: string, now?: number, options?: { ago?: boolean }) => string;

/**
 * A formatter in `lang` (English when its locale could not load). A time in the future
 * (a phone clock behind the server's) reads as "a few seconds"; an invalid one as ''. Relative,
 * not a date: an Amharic reader counts in the Ethiopian calendar and hours from dawn, which a
 * Gregorian date and clock time in Amharic words would only mislead.
 */
export async function relativeTimeIn(lang: Language): Promise<FormatRelative> {
  const locale: Language =
    lang === 'en'
      ? 'en'
      : await loadLocale(lang).then(
          () => lang,
          () => 'en' as const,
        );
  return (then, now = Date.now(), options = {}) => {
    const t = dayjs(then);
    if (!t.isValid()) return '';
    const n = dayjs(now);
    return (t.isAfter(n) ? n : t).locale(locale).from(n, !options.ago);
  };
}
