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

/** English: the default and fallback language, and the source of the key set. */
export const en = {
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
} as const;
