import calendar from '../../locales/am/calendar.json';
import common from '../../locales/am/common.json';
import da from '../../locales/am/da.json';
import errors from '../../locales/am/errors.json';
import farmer from '../../locales/am/farmer.json';
import feedback from '../../locales/am/feedback.json';
import group from '../../locales/am/group.json';
import home from '../../locales/am/home.json';
import notification from '../../locales/am/notification.json';
import reach from '../../locales/am/reach.json';
import registry from '../../locales/am/registry.json';
import report from '../../locales/am/report.json';
import reportUser from '../../locales/am/reportUser.json';
import validation from '../../locales/am/validation.json';
import type { English } from '../english.generated';
import type { ScreenNamespace } from '../namespaces';
import type { Shape } from '../types';

/** Amharic's screen namespaces (see ../en/screens.ts); a missing key fails the type check. */
export const screens: Shape<Pick<English, ScreenNamespace>> = {
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
};
