import calendar from '../../locales/en/calendar.json';
import common from '../../locales/en/common.json';
import da from '../../locales/en/da.json';
import errors from '../../locales/en/errors.json';
import farmer from '../../locales/en/farmer.json';
import feedback from '../../locales/en/feedback.json';
import group from '../../locales/en/group.json';
import home from '../../locales/en/home.json';
import notification from '../../locales/en/notification.json';
import reach from '../../locales/en/reach.json';
import registry from '../../locales/en/registry.json';
import report from '../../locales/en/report.json';
import reportUser from '../../locales/en/reportUser.json';
import validation from '../../locales/en/validation.json';
import type { English } from '../english.generated';
import type { ScreenNamespace } from '../namespaces';

/**
 * English's namespaces the mini-app shows: all but the bot's own messages. Its own module so the
 * webapp can load it without the bot's texts (and without another language). The texts are
 * locales/en/*.json; their literal type is generated from them (english.generated.ts).
 */
export const screens = {
  common,
  validation,
  errors,
  farmer,
  registry,
  group,
  da,
  reportUser,
  reach,
  feedback,
  notification,
  home,
  report,
  calendar,
} as Pick<English, ScreenNamespace>;
