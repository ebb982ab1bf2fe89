import { calendarFor, formatDay } from './calendar';
import type { English } from './english.generated';
import { interpolate } from './interpolate';
import { defaultLanguage, type Language } from './languages';
import { lookupIn } from './lookup';
import { resources } from './resources';
import type { LeafPath, PluralBase, TextAt, TranslateVars, VarNames } from './types';

type En = English;

/** A dotted path to one text, e.g. `'bot.welcome_back'`, `'time.minutes_ago_other'`. */
export type TextKey = LeafPath<En>;
/** A text path or a plural base (`'time.minutes_ago'`, resolved with `count`). */
export type TranslationKey = TextKey | PluralBase<TextKey>;

/** Variables a key needs, read from the English literal; plural bases need a numeric `count`. */
export type KeyVars<K extends TranslationKey> = VarNames<TextAt<En, K>>;
type NeededVars<K extends TranslationKey> = {
  readonly [V in KeyVars<K>]: V extends 'count'
    ? K extends PluralBase<TextKey>
      ? number
      : string | number
    : string | number;
};
/** `vars` is optional for a text without placeholders and required (and checked) otherwise. */
export type TranslateArgs<K extends TranslationKey> = [KeyVars<K>] extends [never]
  ? [vars?: TranslateVars]
  : [vars: NeededVars<K> & TranslateVars];

/**
 * The raw text of any dotted key in one language, without fallback or interpolation; with a
 * numeric `count`, a plural base resolves to its `_one`/`_other` form by CLDR rules (as
 * i18next does). For keys only known at run time (e.g. from a server error code).
 */
export function lookup(lang: Language, key: string, count?: number): string | undefined {
  return lookupIn(resources[lang], lang, key, count);
}

/** Whether a run-time string names a text or a plural base. */
export function isTranslationKey(key: string): key is TranslationKey {
  return lookup(defaultLanguage, key) !== undefined || lookup(defaultLanguage, `${key}_other`) !== undefined;
}

/**
 * Dependency-free `t` for the bot and the server: typed dotted key, `{{var}}` interpolation,
 * English fallback (an unknown language, or a key Amharic lacks at run time), and the key
 * itself as the last resort so a message is never empty.
 */
export function translate<K extends TranslationKey>(
  lang: Language,
  key: K,
  ...[vars]: TranslateArgs<K>
): string {
  const count = typeof vars?.count === 'number' ? vars.count : undefined;
  const text =
    (lang in resources ? lookup(lang, key, count) : undefined) ?? lookup(defaultLanguage, key, count) ?? key;
  return interpolate(text, vars);
}

export type Translator = <K extends TranslationKey>(key: K, ...args: TranslateArgs<K>) => string;

/** `translate` bound to one language, e.g. per incoming Telegram update. */
export function createTranslator(lang: Language): Translator {
  return (key, ...args) => translate(lang, key, ...args);
}

/**
 * A day (`YYYY-MM-DD`) as a reader of `lang` counts it (calendar.ts: Ethiopian in Amharic and
 * Afaan Oromo, Gregorian in English), worded with the bundled texts: for the bot and the server.
 */
export const dayIn = (lang: Language, day: string, style?: 'long' | 'short'): string =>
  formatDay(day, calendarFor(lang), (key, vars) => interpolate(lookup(lang, key) ?? key, vars), style);
