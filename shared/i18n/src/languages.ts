/** The bundled languages; English is the default and the fallback (spec §1, §9). */
export const languages = ['en', 'am', 'om'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage = 'en' satisfies Language;

/** Each language named in itself, for language pickers. */
export const languageNames: Readonly<Record<Language, string>> = {
  en: 'English',
  am: 'አማርኛ',
  om: 'Afaan Oromoo',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** ISO 639-2/3 codes that name a bundled language (Amharic `amh`; Oromo `orm`, West Central `gaz`). */
const ALIASES: Readonly<Record<string, Language>> = { amh: 'am', orm: 'om', gaz: 'om' };

/**
 * Picks a bundled language from a BCP 47 tag (Telegram's `language_code`, the `lang` query
 * parameter, `navigator.language`): `am`, `am-ET`, `AM_et` and `amh` mean Amharic; `om`,
 * `om-ET`, `orm` and `gaz` mean Afaan Oromo; anything else (Tigrinya, Somali, …) falls back to
 * English.
 */
export function resolveLanguage(code?: string | null): Language {
  const primary = (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (isLanguage(primary)) return primary;
  return ALIASES[primary] ?? defaultLanguage;
}
