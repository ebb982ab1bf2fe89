import type { screens } from '@gebere/i18n/en/screens';
import common from '@gebere/i18n/locales/en/common.json';
import errors from '@gebere/i18n/locales/en/errors.json';
import group from '@gebere/i18n/locales/en/group.json';
import home from '@gebere/i18n/locales/en/home.json';
import validation from '@gebere/i18n/locales/en/validation.json';

/** The webapp's texts: every `@gebere/i18n` namespace but the bot's own messages. */
export type WebappResources = typeof screens;
export type ScreenTexts = keyof WebappResources;

/**
 * English as the shell bundles it: the namespaces every screen (and the app around it) shows.
 * A screen's own namespace (farmer, reach, notification, …) comes with the screen's chunk, which
 * adds it with {@link addEnglish} before it renders, so no first load carries another screen's
 * texts (`english-split.test.ts` holds every feature to it).
 */
export const SHELL_TEXTS = ['common', 'errors', 'group', 'home', 'validation'] as const;
export const en = { common, errors, group, home, validation } as unknown as WebappResources;

export function addEnglish(namespace: ScreenTexts, texts: object): void {
  (en as Record<ScreenTexts, unknown>)[namespace] = texts;
}
