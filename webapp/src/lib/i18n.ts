import { defaultLanguage, type Language, resolveLanguage } from '@gebere/i18n/src/languages';
import i18next, { type TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en, type WebappResources } from './resources-en';

/**
 * i18next over `@gebere/i18n`, with the whole tree as one namespace so keys read as in the
 * package (`t('group.title')`, `t('validation.required')`). English is bundled (it is the
 * fallback); Amharic is a separate chunk fetched only when it is the active language.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: WebappResources };
  }
}

export type { Language };

/** `lang` from the link, else the Telegram user's language, else English (spec §2, §9). */
export function pickLanguage(
  langParam: string | null | undefined,
  telegramLanguage: string | undefined,
): Language {
  if (langParam) return resolveLanguage(langParam);
  if (telegramLanguage) return resolveLanguage(telegramLanguage);
  return defaultLanguage;
}

async function loadAmharic(): Promise<WebappResources | undefined> {
  try {
    // Typed as English's shape, so a missing Amharic key fails the type check.
    return (await import('./resources-am')).am as unknown as WebappResources;
  } catch {
    return undefined; // offline mid-load: English is better than a blank screen
  }
}

/** The language initI18n was asked for, for requests made while its texts still load. */
let requested: Language | undefined;

/** Loads the active language and initialises i18next; resolves when texts are ready. */
export async function initI18n(language: Language): Promise<Language> {
  requested = language;
  const resources: Record<string, { translation: WebappResources }> = { en: { translation: en } };
  let lng: Language = language;
  if (language === 'am') {
    const am = await loadAmharic();
    if (am) resources.am = { translation: am };
    else lng = 'en';
  }
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: ['en', 'am'],
    resources,
    defaultNS: 'translation',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
    showSupportNotice: false, // no console advert in product code
  });
  document.documentElement.lang = lng;
  return lng;
}

/**
 * `t` in components, re-rendering on language change. Screens use this rather than
 * react-i18next directly, so the i18n engine stays a detail of this file.
 */
export function useT(): TFunction {
  return useTranslation().t;
}

/** `t` outside React (calls, toasts from the telegram layer). */
export const t: TFunction = i18next.t.bind(i18next) as TFunction;

export function currentLanguage(): Language {
  return (i18next.language ?? requested) === 'am' ? 'am' : 'en';
}
