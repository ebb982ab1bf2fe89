import type { screens as en } from '../en/screens';
import type { Shape } from '../types';
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

/** Afaan Oromo for every namespace the mini-app shows (see en/screens.ts). */
export const screens: Shape<typeof en> = {
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
};
