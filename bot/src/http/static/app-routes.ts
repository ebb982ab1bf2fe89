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
