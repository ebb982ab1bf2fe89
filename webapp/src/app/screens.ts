import { type ComponentType, createElement, lazy, useState } from 'react';
import { paths } from './paths';

/**
 * One code-split chunk per screen. `loaders` are also called by main.tsx for the launch route
 * so its chunk downloads while i18n initialises, instead of after the first render. A screen
 * module may export `prefetch(params)`: main.tsx starts it for the launch route as soon as the
 * chunk is there (the screen's data request, before React renders), and the screen then uses
 * that request instead of making its own.
 */
export interface ScreenModule {
  // biome-ignore lint/suspicious/noExplicitAny: each screen has its own props
  default: ComponentType<any>;
  /** The launch URL's query; must not throw (errors are swallowed) and must be cheap. */
  prefetch?: (params: URLSearchParams) => void;
}
type Loader = () => Promise<ScreenModule>;

export const loaders = {
  home: () => import('../features/home/home-screen').then((m) => ({ default: m.HomeScreen })),
  addDevelopmentGroup: () =>
    import('../features/add-development-group/add-development-group-screen').then((m) => ({
      default: m.AddDevelopmentGroupScreen,
    })),
  daRegistration: () =>
    import('../features/da-registration/da-registration-screen').then((m) => ({
      default: m.DaRegistrationScreen,
    })),
  reportUser: () =>
    import('../features/report-user/report-user-screen').then((m) => ({ default: m.ReportUserScreen })),
  farmerRegistration: () =>
    import('../features/farmer-registration/farmer-registration-screen').then((m) => ({
      default: m.FarmerRegistrationScreen,
      prefetch: m.prefetch,
    })),
  reachAdoption: () =>
    import('../features/reach-adoption/reach-adoption-screen').then((m) => ({
      default: m.ReachAdoptionScreen,
    })),
  feedback: () => import('../features/feedback/feedback-screen').then((m) => ({ default: m.FeedbackScreen })),
  notificationForm: () =>
    import('../features/notification-form/notification-form-screen').then((m) => ({
      default: m.NotificationFormScreen,
    })),
  notificationList: () =>
    import('../features/notification-list/notification-list-screen').then((m) => ({
      default: m.NotificationListScreen,
    })),
} satisfies Record<string, Loader>;

/** Screen modules already loaded (preloadScreen, or a lazy screen's first render), by loader. */
const loaded = new Map<Loader, ScreenModule>();
const load = (loader: Loader) =>
  loader().then((m) => {
    loaded.set(loader, m);
    return m;
  });

/**
 * A lazy screen that renders at once when its module is already loaded (the launch route:
 * main.tsx waits for it): a Suspense fallback, once shown, stays at least 300 ms (React's reveal
 * throttle), half a 3G round trip for nothing. Decided once per mount, so a screen never
 * switches component (and loses its state) on a later render.
 */
function screen(loader: Loader): ComponentType<Record<string, unknown>> {
  const Lazy = lazy(() => load(loader));
  return function Screen(props) {
    const [module] = useState(() => loaded.get(loader));
    return module ? createElement(module.default, props) : createElement(Lazy, props);
  };
}

export const screens = {
  Home: screen(loaders.home),
  AddDevelopmentGroup: screen(loaders.addDevelopmentGroup),
  DaRegistration: screen(loaders.daRegistration),
  ReportUser: screen(loaders.reportUser),
  FarmerRegistration: screen(loaders.farmerRegistration),
  ReachAdoption: screen(loaders.reachAdoption),
  Feedback: screen(loaders.feedback),
  NotificationForm: screen(loaders.notificationForm),
  NotificationList: screen(loaders.notificationList),
};

const loaderByPath: Record<string, Loader> = {
  [paths.home]: loaders.home,
  '/index.html': loaders.home,
  [paths.addDevelopmentGroup]: loaders.addDevelopmentGroup,
  [paths.daRegistration]: loaders.daRegistration,
  [paths.daUpdateProfile]: loaders.daRegistration,
  [paths.registerReportUser]: loaders.reportUser,
  [paths.farmerRegistration]: loaders.farmerRegistration,
  [paths.recordReach]: loaders.reachAdoption,
  [paths.recordAdoption]: loaders.reachAdoption,
  [paths.feedback]: loaders.feedback,
  [paths.notificationCreate]: loaders.notificationForm,
  [paths.notificationList]: loaders.notificationList,
};

/**
 * Starts downloading the chunk of the screen at `pathname`, then its `prefetch(params)` if it
 * has one (no-op for unknown paths). Resolves when both have started; never rejects.
 */
export function preloadScreen(pathname: string, params = new URLSearchParams()): Promise<void> {
  const loader: Loader | undefined = pathname.startsWith('/notification/update/')
    ? loaders.notificationForm
    : loaderByPath[pathname];
  if (!loader) return Promise.resolve();
  return load(loader)
    .then((m) => m.prefetch?.(params))
    .catch(() => undefined);
}
