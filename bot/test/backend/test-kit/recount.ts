/** What report_daily (migration 9) must hold: a count over the raw rows, without retired farmers and taken-back records. */
export const RECOUNT = `
  select kebele_id, day::text as day, da_id, advisory_id, sum(farmers)::int as farmers, sum(groups)::int as groups,
    sum(reach)::int as reach, sum(adoption)::int as adoption
  from (
    select f.kebele_id, report_day(f.created_at) as day, f.created_by as da_id, 0::bigint as advisory_id,
      1 as farmers, 0 as groups, 0 as reach, 0 as adoption from farmers f where f.retired_at is null
    union all
    select g.kebele_id, report_day(g.created_at), coalesce(g.created_by, 0), 0, 0, 1, 0, 0 from development_groups g
    union all
    select f.kebele_id, report_day(r.created_at), r.created_by, r.advisory_id, 0, 0, 1, 0
    from reach_records r join farmers f on f.id = r.farmer_id where r.taken_back_at is null
    union all
    select f.kebele_id, report_day(r.created_at), r.created_by, r.advisory_id, 0, 0, 0, 1
    from adoption_records r join farmers f on f.id = r.farmer_id where r.taken_back_at is null
  ) x group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
export const ROLLUPS = `
  select kebele_id, day::text as day, da_id, advisory_id, farmers, groups, reach, adoption from report_daily
  where farmers <> 0 or groups <> 0 or reach <> 0 or adoption <> 0 order by 1, 2, 3, 4`;
