import { reportDayOf } from '@gebere/contract/reports';
import { type Calendar, calendarFor, formatDay, isCalendar } from '@gebere/i18n/calendar';
import calendar from '@gebere/i18n/locales/en/calendar.json';
import { addEnglish } from './resources-en';
import { currentLanguage, t } from './texts';

/**
 * Days as the reader counts them (@gebere/i18n/calendar): the Ethiopian calendar in Amharic and
 * Afaan Oromo, and in English when the reader chose it (the report's Calendar toggle), else the
 * ISO day. Not on the first load: the report's chunk and the relative-time chunk import it, and
 * it brings English's month names with it.
 */
addEnglish('calendar', calendar);

/** Kept on the phone beside the drafts (lib/forms/draft.ts): one choice per phone, not per user. */
const CHOICE_KEY = 'gebere:calendar';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The choice made in this page, for a phone that keeps nothing. */
let remembered: Calendar | undefined;

/** The English reader's choice, if any. */
export function calendarChoice(): Calendar | undefined {
  const value = storage()?.getItem(CHOICE_KEY);
  return isCalendar(value) ? value : undefined;
}

export function chooseCalendar(choice: Calendar): void {
  try {
    storage()?.setItem(CHOICE_KEY, choice);
  } catch {
    // Storage full or refused: the choice holds until the page is closed.
  }
  remembered = choice;
}

/** The calendar of the screen's language and the reader's choice. */
export const readerCalendar = (): Calendar => calendarFor(currentLanguage(), remembered ?? calendarChoice());

/** A calendar day (`YYYY-MM-DD`, Addis Ababa's) for the reader; `short` for a chart's label. */
export const dayText = (day: string, style: 'long' | 'short' = 'long'): string =>
  formatDay(day, readerCalendar(), t, style);

/** The Addis Ababa day of a moment (ISO text or milliseconds), for the reader; '' if invalid. */
export function momentDayText(at: string | number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : dayText(reportDayOf(date));
}
