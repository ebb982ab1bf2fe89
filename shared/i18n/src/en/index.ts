import { bot } from './bot';
import { screens } from './screens';

/** English: the default and fallback language, and the source of the key set. */
export const en = { ...screens, bot } as const;
