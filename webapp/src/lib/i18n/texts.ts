import { type Named, localName as nameIn } from '@gebere/contract/rules';
import { interpolate } from '@gebere/i18n/interpolate';
import { defaultLanguage, type Language } from '@gebere/i18n/languages';
import { lookupIn } from '@gebere/i18n/lookup';
import type { LeafPath, PluralBase, TranslateVars } from '@gebere/i18n/types';
import { en, type WebappResources } from './resources-en';

/**
 * The screens' texts from `@gebere/i18n`, keys as in the package (`t('home.title')`,
 * `t('validation.required')`). English is bundled (it is the fallback); Amharic and Afaan Oromo
 * are separate chunks, each fetched only when it is the active language. A few lines instead of i18next (~13 KB
 * brotli on every first load): the app needs only a dotted lookup, `{{var}}` interpolation,
 * `_one`/`_other` plurals by `count` and a per-key English fallback — the package's own lookup
 * (`lookupIn`, shared with `translate`, which bundles every language and so is not used here).
 */
export { type Language, pickLanguage } from './language';

type TextKey = LeafPath<WebappResources>;
/** A text key, or a plural base (`'common.outbox.waiting'`) resolved with a numeric `count`. */
export type TranslationKey = TextKey | PluralBase<TextKey>;
export type TFunction = (key: TranslationKey, vars?: TranslateVars) => string;

let active: { lang: Language; texts: WebappResources } | undefined;
/** The language initI18n was asked for, for requests made while its texts still load. */
let requested: Language | undefined;

/**
 * The languages loaded as their own chunk, only when active; each typed as English's shape
 * (resources-am.ts, resources-om.ts), so a missing key fails the type check.
 */
const LAZY: Readonly<Record<Exclude<Language, 'en'>, () => Promise<WebappResources>>> = {
  am: async () => (await import('./resources-am')).am as unknown as WebappResources,
  om: async () => (await import('./resources-om')).om as unknown as WebappResources,
};

async function loadTexts(language: Exclude<Language, 'en'>): Promise<WebappResources | undefined> {
  try {
    return await LAZY[language]();
  } catch {
    return undefined; // offline mid-load: English is better than a blank screen
  }
}

/** Loads the active language's texts; resolves (with the language in use) when they are ready. */
export async function initI18n(language: Language): Promise<Language> {
  requested = language;
  let next: { lang: Language; texts: WebappResources } = { lang: 'en', texts: en };
  if (language !== 'en') {
    const texts = await loadTexts(language);
    if (texts) next = { lang: language, texts };
  }
  active = next;
  document.documentElement.lang = next.lang;
  return next.lang;
}

/**
 * The text of `key` in the active language, else English, else the key itself (never empty),
 * with `{{var}}`s filled in. React escapes what it renders, so nothing is escaped here.
 */
export const t: TFunction = (key, vars) => {
  const count = typeof vars?.count === 'number' ? vars.count : undefined;
  const text =
    (active && lookupIn(active.texts, active.lang, key, count)) ??
    lookupIn(en, defaultLanguage, key, count) ??
    key;
  return interpolate(text, vars);
};

/**
 * `t` in components. The language is chosen once per launch (before the first render), so
 * there is nothing to re-render on; screens still use this hook so a later language switch
 * would have one place to change.
 */
export function useT(): TFunction {
  return t;
}

/** Whether a language's texts are loaded and active (tests; Amharic or Oromo only once asked for). */
export function activeLanguage(): Language | undefined {
  return active?.lang;
}

export function currentLanguage(): Language {
  return active?.lang ?? requested ?? defaultLanguage;
}

/**
 * A named thing from the server (a role, a value chain, an area) in a language, the screen's by
 * default: its `name_am` or `name_om` when it has one, else its `name` (@gebere/contract/rules).
 */
export function localName(item: Named, lang: string = currentLanguage()): string {
  return nameIn(item, lang);
}

const collators = new Map<string, Intl.Collator>();

/**
 * Items in the order of their shown names as the language sorts them (Intl.Collator: the
 * Ethiopic syllabary in Amharic, case and accents folded in English), the screen's by default.
 * For lists sorted by name: the server sorts by the stored (Latin) name, not by what is shown.
 */
export function sortByShownName<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  lang: string = currentLanguage(),
): T[] {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang);
    collators.set(lang, collator);
  }
  const { compare } = collator;
  return items
    .map((item) => ({ item, name: nameOf(item) }))
    .sort((a, b) => compare(a.name, b.name))
    .map(({ item }) => item);
}
