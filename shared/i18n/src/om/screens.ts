import calendar from '../../locales/om/calendar.json';
import common from '../../locales/om/common.json';
import da from '../../locales/om/da.json';
import errors from '../../locales/om/errors.json';
import farmer from '../../locales/om/farmer.json';
import feedback from '../../locales/om/feedback.json';
import group from '../../locales/om/group.json';
import home from '../../locales/om/home.json';
import notification from '../../locales/om/notification.json';
import reach from '../../locales/om/reach.json';
import registry from '../../locales/om/registry.json';
import report from '../../locales/om/report.json';
import reportUser from '../../locales/om/reportUser.json';
import validation from '../../locales/om/validation.json';
import type { English } from '../english.generated';
import type { ScreenNamespace } from '../namespaces';
import type { Shape } from '../types';

/** Afaan Oromo's screen namespaces (see ../en/screens.ts); a missing key fails the type check. */
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
