import type { en as fullEn } from '@gebere/i18n';
import { common } from '@gebere/i18n/src/en/common';
import { da } from '@gebere/i18n/src/en/da';
import { errors } from '@gebere/i18n/src/en/errors';
import { farmer } from '@gebere/i18n/src/en/farmer';
import { feedback } from '@gebere/i18n/src/en/feedback';
import { group } from '@gebere/i18n/src/en/group';
import { home } from '@gebere/i18n/src/en/home';
import { notification } from '@gebere/i18n/src/en/notification';
import { reach } from '@gebere/i18n/src/en/reach';
import { reportUser } from '@gebere/i18n/src/en/report-user';
import { time } from '@gebere/i18n/src/en/time';
import { validation } from '@gebere/i18n/src/en/validation';

/** Every namespace of `@gebere/i18n` but `bot` (the bot's own messages): the webapp's texts. */
export type WebappNamespace = Exclude<keyof typeof fullEn, 'bot'>;

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
  time,
} as const satisfies Pick<typeof fullEn, WebappNamespace>;

export type WebappResources = typeof en;
