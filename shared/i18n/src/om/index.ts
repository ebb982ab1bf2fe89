import type { en } from '../en';
import type { Shape } from '../types';
import { bot } from './bot';
import { screens } from './screens';
import { server } from './server';

/**
 * Afaan Oromo (Qubee, the hudhaa written as the ASCII apostrophe). Typed as the shape of
 * English, so a missing or extra key (here or in any namespace file) fails the type check.
 */
export const om: Shape<typeof en> = { ...screens, bot, server };
