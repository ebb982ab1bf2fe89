import { bot } from './bot';
import { screens } from './screens';
import { server } from './server';

/** English: the default and fallback language, and the source of the key set. */
export const en = { ...screens, bot, server } as const;
