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
import { validation } from './validation';

/**
 * Every namespace the mini-app shows: all but the bot's own messages. Its own module so the
 * webapp can load it without the bot's texts (and without the other language).
 */
export const screens = {
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
} as const;
