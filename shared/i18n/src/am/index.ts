import type { en } from '../en';
import type { Shape } from '../types';
import { bot } from './bot';
import { common } from './common';
import { da } from './da';
import { errors } from './errors';
import { farmer } from './farmer';
import { feedback } from './feedback';
import { group } from './group';
import { home } from './home';
import { notification } from './notification';
import { reach } from './reach';
import { reportUser } from './report-user';
import { time } from './time';
import { validation } from './validation';

/**
 * Amharic. Typed as the shape of English, so a missing or extra key (here or in any namespace
 * file) fails the type check.
 */
export const am: Shape<typeof en> = {
  common,
  validation,
  errors,
  farmer,
  group,
  da,
  reportUser,
  reach,
  feedback,
  notification,
  home,
  bot,
  time,
};
