import bot from '../../locales/am/bot.json';
import server from '../../locales/am/server.json';
import type { English } from '../english.generated';
import type { Shape } from '../types';
import { screens } from './screens';

/** Amharic, typed as the shape of English: a missing key (in any namespace) fails the type check. */
export const am: Shape<English> = { ...screens, bot, server };
