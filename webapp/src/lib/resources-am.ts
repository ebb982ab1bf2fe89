import type { Shape } from '@gebere/i18n';
import { common } from '@gebere/i18n/src/am/common';
import { da } from '@gebere/i18n/src/am/da';
import { errors } from '@gebere/i18n/src/am/errors';
import { farmer } from '@gebere/i18n/src/am/farmer';
import { feedback } from '@gebere/i18n/src/am/feedback';
import { group } from '@gebere/i18n/src/am/group';
import { home } from '@gebere/i18n/src/am/home';
import { notification } from '@gebere/i18n/src/am/notification';
import { reach } from '@gebere/i18n/src/am/reach';
import { reportUser } from '@gebere/i18n/src/am/report-user';
import { time } from '@gebere/i18n/src/am/time';
import { validation } from '@gebere/i18n/src/am/validation';
import type { WebappResources } from './resources-en';

/** Amharic, the same namespaces as resources-en.ts; loaded as its own chunk, only when active. */
export const am: Shape<WebappResources> = {
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
  time,
};
