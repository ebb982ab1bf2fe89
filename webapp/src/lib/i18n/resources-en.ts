import { screens } from '@gebere/i18n/en/screens';

/** The webapp's texts: every `@gebere/i18n` namespace but the bot's own messages. */
export const en = screens;
export type WebappResources = typeof en;
