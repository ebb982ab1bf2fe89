import { report, reportQuery } from './entities/report';
import { route } from './route';
import { routePaths } from './route-paths';

/** The reports (issue 20): counts of an area from the daily rollups, never names or phones. */
export const reportRoutes = {
  getReport: route({
    ...routePaths.getReport,
    query: reportQuery,
    response: report,
    // Report users see their profile's woreda, DAs their kebele, supervisors and managers their
    // grant's area (docs/authorization.md, "Reports"); the area asked for must lie inside one.
    policy: { who: 'user', reportArea: true },
    summary:
      "An area's report for a period and value chain: 12 weekly counts, adoption by value chain and " +
      'advisory, the next lower areas and the DAs (counts only; the caller must cover the area)',
  }),
} as const;
