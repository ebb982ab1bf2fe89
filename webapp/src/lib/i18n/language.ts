import { defaultLanguage, type Language, resolveLanguage } from '@gebere/i18n/languages';

export type { Language };

/**
 * `lang` from the link, else the Telegram user's language, else English (spec §2, §9). Its own
 * module (no texts, no i18n engine) so the early request (lib/api/early-get.ts) can send the same
 * Accept-Language as the app.
 */
export function pickLanguage(
  langParam: string | null | undefined,
  telegramLanguage: string | undefined,
): Language {
  if (langParam) return resolveLanguage(langParam);
  if (telegramLanguage) return resolveLanguage(telegramLanguage);
  return defaultLanguage;
}
