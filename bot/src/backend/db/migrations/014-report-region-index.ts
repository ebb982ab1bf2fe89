/**
 * A region's report at national scale: its 12 weeks are ~10⁵ rollup rows
 * (report_daily, migration 9) scattered over most of the table's pages, read six ways. With every
 * column the report reads in the region index, each of those reads is an index-only scan of the
 * region's own range instead of a visit to ~12 k heap pages (scripts/bench/national.ts; the
 * docs/performance.md, "National scale"). Zones, woredas and kebeles read few enough rows to keep theirs.
 */
export const sql = /* sql */ `
drop index report_daily_region_idx;
create index report_daily_region_idx on report_daily (region_id, day)
  include (zone_id, da_id, advisory_id, farmers, groups, reach, adoption);
`;
