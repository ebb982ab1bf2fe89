import { z } from 'zod';
import { id } from '../common';
import { daysBetween, isDay, REPORT_LEVELS, REPORT_MAX_DAYS } from '../reports';

const day = z
  .string()
  .refine(isDay, { message: 'report_day_invalid', params: { code: 'report_day_invalid' } });

/**
 * `GET /api/reports/`: the report of one area (`level` and `area`, or `level=all`; absent: the
 * caller's widest area) for a period (`from`–`to`, Addis Ababa days, at most a year; absent: the
 * 12 weeks to today) and optionally one value chain (reach and adoption only: farmers and groups
 * have none).
 */
export const reportQuery = z
  .object({
    level: z.enum(REPORT_LEVELS).optional(),
    area: id.optional(),
    from: day.optional(),
    to: day.optional(),
    value_chain: id.optional(),
  })
  .superRefine((q, ctx) => {
    const needsArea = q.level !== undefined && q.level !== 'all';
    if (needsArea && q.area === undefined)
      ctx.addIssue({ code: 'custom', path: ['area'], message: 'required', params: { code: 'required' } });
    if (!needsArea && q.area !== undefined)
      ctx.addIssue({ code: 'custom', path: ['level'], message: 'required', params: { code: 'required' } });
    if ((q.from === undefined) !== (q.to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [q.from ? 'to' : 'from'],
        message: 'required',
        params: { code: 'required' },
      });
    if (q.from && q.to && isDay(q.from) && isDay(q.to)) {
      const span = daysBetween(q.from, q.to);
      if (span < 0 || span >= REPORT_MAX_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: 'report_period_invalid',
          params: { code: 'report_period_invalid' },
        });
    }
  });
export type ReportQuery = z.infer<typeof reportQuery>;

const count = z.number().int().nonnegative();
export const reportCounts = z.object({ farmers: count, groups: count, reach: count, adoption: count });
export type ReportCounts = z.infer<typeof reportCounts>;

/** An area of a report; `all` is the whole country (no id, no name: the screen names it). */
export const reportArea = z.object({
  level: z.enum(REPORT_LEVELS),
  id: id.nullable(),
  name: z.string(),
  name_am: z.string().nullable(),
  name_om: z.string().nullable().optional(),
});
export type ReportArea = z.infer<typeof reportArea>;

const rated = z.object({
  id,
  name: z.string(),
  name_am: z.string().nullable(),
  name_om: z.string().nullable().optional(),
  reach: count,
  adoption: count,
});

export const report = z.object({
  area: reportArea,
  /** The areas above it the caller may also see, widest first (to go back up). */
  trail: z.array(reportArea),
  from: z.string(),
  to: z.string(),
  value_chain: id.nullable(),
  /** The 12 weeks ending with `to`'s week (Monday `week`), oldest first; zeros included. */
  weeks: z.array(reportCounts.extend({ week: z.string() })),
  /** Sums over the period. */
  totals: reportCounts,
  by_value_chain: z.array(rated),
  /** The most reached advisories of the period (at most REPORT_TABLE_ROWS). */
  by_advisory: z.array(rated),
  /** Every area of the next lower level, with its sums (empty for a kebele). */
  by_area: z.array(
    reportCounts.extend({
      level: z.enum(REPORT_LEVELS),
      id,
      name: z.string(),
      name_am: z.string().nullable(),
      name_om: z.string().nullable().optional(),
    }),
  ),
  /** Every value chain, for the screen's filter. */
  value_chains: z.array(
    z.object({
      id,
      name: z.string(),
      name_am: z.string().nullable(),
      name_om: z.string().nullable().optional(),
    }),
  ),
  /** The recording DAs, the most active first (at most REPORT_TABLE_ROWS); no phone numbers. */
  by_da: z.array(reportCounts.extend({ id, name: z.string() })),
});
export type Report = z.infer<typeof report>;
