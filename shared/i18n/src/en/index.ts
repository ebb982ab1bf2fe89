import bot from '../../locales/en/bot.json';
import server from '../../locales/en/server.json';
import type { English } from '../english.generated';
import { screens } from './screens';

/** English: the default and fallback language, and the source of the key set. */
export const en: English = { ...screens, bot, server } as English;
