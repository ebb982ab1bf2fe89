import { z } from 'zod';
import { id } from './common';
import { report, reportQuery } from './entities/report';
import { route } from './route';
import { routePaths } from './route-paths';

/** The reports: counts of an area from the daily rollups, never names or phones. */
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
  setReportDigest: route({
    ...routePaths.setReportDigest,
    body: z.object({ telegram_id: z.number().int().positive(), subscribed: z.boolean() }),
    response: z.object({ subscribed: z.boolean() }),
    // The bot acts for the Telegram user; who may subscribe is who has a report scope (the
    // backend reads it with the report's own rule, and again at every send).
    policy: { who: 'service' },
    summary:
      'Subscribe a Telegram user to the weekly digest of their report area, or unsubscribe (bot only; ' +
      '403 without a report scope)',
  }),
  getReportDigest: route({
    ...routePaths.getReportDigest,
    query: z.object({ telegram_id: id }),
    response: z.object({ subscribed: z.boolean(), report_scope: z.boolean() }),
    // The bot's /digest status: whether the user gets the digest, and whether they may.
    policy: { who: 'service' },
    summary:
      'Whether a Telegram user gets the weekly digest, and whether they have a report scope to get it (bot only)',
  }),
} as const;
