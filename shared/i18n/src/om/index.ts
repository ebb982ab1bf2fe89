import bot from '../../locales/om/bot.json';
import server from '../../locales/om/server.json';
import type { English } from '../english.generated';
import type { Shape } from '../types';
import { screens } from './screens';

/** Afaan Oromo (Qubee, the hudhaa written as the ASCII apostrophe), typed as the shape of English: a missing key (in any namespace) fails the type check. */
export const om: Shape<English> = { ...screens, bot, server };
