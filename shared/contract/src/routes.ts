import type { RouteDef } from './route';
import type { RouteName } from './route-paths';
import { auditRoutes } from './routes-audit';
import { contentRoutes } from './routes-content';
import { enrolmentRoutes } from './routes-enrolment';
import { opsRoutes } from './routes-ops';
import { peopleRoutes } from './routes-people';
import { recordRoutes } from './routes-records';
import { reportRoutes } from './routes-reports';

/**
 * Every call of spec §7, and the few the bot needs beyond it, declared once. The API client
 * and the embedded backend are both typed from this table; a backend test fails if one is
 * not served. Paths are relative to the backend base URL (`/backend` when embedded). Method and
 * path of each come from route-paths.ts (zod-free, for light clients); the schemas are declared
 * in parts (routes-people.ts, routes-content.ts, routes-enrolment.ts; routes-ops.ts for the
 * operator's own calls) to keep files small.
 */
export const routes = {
  ...peopleRoutes,
  ...enrolmentRoutes,
  ...contentRoutes,
  ...reportRoutes,
  ...opsRoutes,
  ...auditRoutes,
  ...recordRoutes,
} as const satisfies Record<RouteName, RouteDef>;

export type Routes = typeof routes;
