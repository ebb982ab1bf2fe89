/**
 * The screens of spec §2. Each serves the mini-app's index.html (with the runtime settings) and
 * the webapp's router takes it from there. Other unknown paths are 404s: a typo or a stale
 * asset should fail visibly, not render an empty app.
 */
export const APP_ROUTES = [
  '/',
  '/da_registration',
  '/da_update_profile',
  '/feedback',
  '/farmer_registration',
  '/record_reach',
  '/record_adoption',
  '/notification/create',
  '/notification/update/:id',
  '/notification/list',
  '/register_report_user',
  '/add_development_group',
  // Fastify serves /index.html only if asked for; keep it an alias of / so a bookmark works.
  '/index.html',
] as const;

const feature = (path: string) => `src/features/${path}`;

/**
 * What each route's screen imports at once, as webapp source paths (the keys of the Vite
 * manifest; the lazy loaders are in webapp/src/app/screens.ts): the screen module, then the
 * view chunk it fetches beside its data (e.g. the farmer form while the groups load). The
 * server adds `<link rel="modulepreload">` for these and their static imports (preloads.ts), so
 * they download with the entry instead of one round trip after another. Validation schemas and
 * the API client (contract + zod) are left to load later, as the webapp intends.
 */
export const ROUTE_MODULES: Readonly<Record<(typeof APP_ROUTES)[number], readonly string[]>> = {
  '/': [feature('home/home-screen.tsx')],
  '/index.html': [feature('home/home-screen.tsx')],
  '/da_registration': [
    feature('da-registration/da-registration-screen.tsx'),
    feature('da-registration/da-form.tsx'),
  ],
  '/da_update_profile': [
    feature('da-registration/da-registration-screen.tsx'),
    feature('da-registration/da-form.tsx'),
  ],
  '/feedback': [feature('feedback/feedback-screen.tsx'), feature('feedback/feedback-view.tsx')],
  '/farmer_registration': [
    feature('farmer-registration/farmer-registration-screen.tsx'),
    feature('farmer-registration/farmer-form.tsx'),
  ],
  '/record_reach': [feature('reach-adoption/reach-adoption-screen.tsx')],
  '/record_adoption': [feature('reach-adoption/reach-adoption-screen.tsx')],
  '/notification/create': [
    feature('notification-form/notification-form-screen.tsx'),
    feature('notification-form/notification-form.tsx'),
  ],
  '/notification/update/:id': [
    feature('notification-form/notification-form-screen.tsx'),
    feature('notification-form/notification-form.tsx'),
  ],
  '/notification/list': [
    feature('notification-list/notification-list-screen.tsx'),
    feature('notification-list/notification-cards.tsx'),
  ],
  '/register_report_user': [
    feature('report-user/report-user-screen.tsx'),
    feature('report-user/report-user-form.tsx'),
  ],
  '/add_development_group': [
    feature('add-development-group/add-development-group-screen.tsx'),
    feature('add-development-group/add-development-group-form.tsx'),
  ],
};
