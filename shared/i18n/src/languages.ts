/** The bundled languages; English is the default and the fallback (spec §1, §9). */
export const languages = ['en', 'am'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage = 'en' satisfies Language;

/** Each language named in itself, for language pickers. */
export const languageNames: Readonly<Record<Language, string>> = { en: 'English', am: 'አማርኛ' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Picks a bundled language from a BCP 47 tag (Telegram's `language_code`, the `lang` query
 * parameter, `navigator.language`): `am`, `am-ET`, `AM_et` and `amh` mean Amharic, anything
 * else (including Oromo or Tigrinya, which are not bundled) falls back to English.
 */
export function resolveLanguage(code?: string | null): Language {
  const primary = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'am' || primary === 'amh' ? 'am' : defaultLanguage;
}
