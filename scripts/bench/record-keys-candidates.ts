// The candidates of scripts/bench/record-keys.ts: reach records idempotent per (farmer, advisory,
// DA), each built beside the others from the national data's reach rows (same rows, same ids),
// with the real foreign keys and rollup trigger, and inserting a batch as the routes do.
import type { Db, Queryable } from '@gebere/bot/backend';

const FKS = (t: string) => `
  alter table ${t} add constraint ${t}_farmer_fkey foreign key (farmer_id) references farmers(id),
    add constraint ${t}_advisory_fkey foreign key (advisory_id) references advisories(id),
    add constraint ${t}_created_by_fkey foreign key (created_by) references da_profiles(id);
  create trigger ${t}_report after insert on ${t} referencing new table as new_rows
    for each statement execute function report_count_reach();`;

/**
 * Fills `t` with the reach rows (`columns` selected from reach_records), gives its ids a sequence
 * that continues them, and adds the real foreign keys and rollup trigger.
 */
const filled = (t: string, columns: string, defaultId = true) => `
  create sequence ${t}_seq;${defaultId ? ` alter table ${t} alter id set default nextval('${t}_seq');` : ''}
  insert into ${t} select ${columns} from reach_records;
  select setval('${t}_seq', (select max(id) from reach_records));
  ${FKS(t)}`;

/** Monthly partitions of `t` over the months its rows span, three months ahead, and a default. */
const monthly = (t: string, type: 'timestamptz' | 'date') => `
  do $$ declare m date; begin
    for m in select generate_series(date_trunc('month', min(created_at) at time zone 'UTC')::date,
                                    (date_trunc('month', now() at time zone 'UTC') + interval '3 months')::date,
                                    interval '1 month')::date from reach_records loop
      execute format('create table %I partition of ${t} for values from (%L) to (%L)',
        '${t}_' || to_char(m, 'YYYYMM'),
        ${type === 'date' ? "m, (m + interval '1 month')::date" : "m::timestamp at time zone 'UTC', (m + interval '1 month')::timestamp at time zone 'UTC'"});
    end loop;
  end $$;
  create table ${t}_default partition of ${t} default;`;

export interface Candidate {
  name: string;
  what: string;
  /** Builds its tables from reach_records (same rows, same ids). */
  build: string;
  /** One batch of pairs for DA $3: returns how many were new. */
  insert(db: Db, farmers: number[], advisories: number[], by: number): Promise<number>;
  /** Tables whose size counts. */
  tables: string[];
}

const PAIRS_CTE = 'p as (select distinct f, a from unnest($1::bigint[], $2::bigint[]) as p(f, a))';
const readBack = (t: string) => `with ${PAIRS_CTE} select t.id, t.farmer_id, t.advisory_id, t.created_at
  from ${t} t join p on t.farmer_id = p.f and t.advisory_id = p.a where t.created_by = $3`;

/** Insert then read back every pair, as routes/records.ts recordBatch does. */
async function insertAndRead(
  q: Queryable,
  insert: string,
  read: string,
  f: number[],
  a: number[],
  by: number,
) {
  const ins = await q.query(insert, [f, a, by]);
  const all = await q.query(read, [f, a, by]);
  if (all.rowCount !== new Set(f.map((x, i) => `${x}:${a[i]}`)).size) throw new Error('a pair has no record');
  return ins.rowCount;
}

export const CANDIDATES: Candidate[] = [
  {
    name: 'single',
    what: 'one table, unique (farmer, advisory, DA): today',
    tables: ['rk_single'],
    build: `create table rk_single (id bigint primary key, farmer_id bigint not null, advisory_id bigint not null,
        created_by bigint not null, created_at timestamptz not null default now(),
        constraint rk_single_pair unique (farmer_id, advisory_id, created_by));
      ${filled('rk_single', 'id, farmer_id, advisory_id, created_by, created_at')}`,
    insert: (db, f, a, by) =>
      insertAndRead(
        db,
        `insert into rk_single (farmer_id, advisory_id, created_by)
         select distinct f, a, $3::bigint from unnest($1::bigint[], $2::bigint[]) as p(f, a)
         on conflict (farmer_id, advisory_id, created_by) do nothing returning id`,
        readBack('rk_single'),
        f,
        a,
        by,
      ),
  },
  {
    name: 'registry',
    what: 'monthly partitions + an unpartitioned pair-key table (the key, the id, the time)',
    tables: ['rk_registry', 'rk_registry_keys'],
    build: `create table rk_registry (id bigint not null, farmer_id bigint not null, advisory_id bigint not null,
        created_by bigint not null, created_at timestamptz not null, primary key (id, created_at))
        partition by range (created_at);
      ${monthly('rk_registry', 'timestamptz')}
      create table rk_registry_keys (farmer_id bigint not null, advisory_id bigint not null, created_by bigint not null,
        id bigint not null, created_at timestamptz not null, primary key (farmer_id, advisory_id, created_by));
      insert into rk_registry_keys select farmer_id, advisory_id, created_by, id, created_at from reach_records;
      ${filled('rk_registry', 'id, farmer_id, advisory_id, created_by, created_at', false)}`,
    insert: (db, f, a, by) =>
      insertAndRead(
        db,
        `with ${PAIRS_CTE}, k as (
           insert into rk_registry_keys (farmer_id, advisory_id, created_by, id, created_at)
           select f, a, $3::bigint, nextval('rk_registry_seq'), now() from p
           on conflict (farmer_id, advisory_id, created_by) do nothing returning *)
         insert into rk_registry (id, farmer_id, advisory_id, created_by, created_at)
         select id, farmer_id, advisory_id, created_by, created_at from k returning id`,
        readBack('rk_registry_keys'),
        f,
        a,
        by,
      ),
  },
  {
    name: 'registry, trigger',
    what: "the same key table, claimed by a before-insert row trigger: migration 13, the routes' SQL",
    tables: ['reach_records', 'reach_record_keys'],
    build: '',
    insert: (db, f, a, by) =>
      insertAndRead(
        db,
        `insert into reach_records (farmer_id, advisory_id, created_by)
         select distinct f, a, $3::bigint from unnest($1::bigint[], $2::bigint[]) as p(f, a) returning id`,
        readBack('reach_record_keys'),
        f,
        a,
        by,
      ),
  },
  {
    name: 'month key',
    what: 'monthly partitions, unique (farmer, advisory, DA, month): a repeat next month is a new record',
    tables: ['rk_month'],
    build: `create table rk_month (id bigint not null, farmer_id bigint not null, advisory_id bigint not null,
        created_by bigint not null, created_at timestamptz not null default now(),
        month date not null default date_trunc('month', now() at time zone 'UTC')::date,
        primary key (id, month), constraint rk_month_pair unique (farmer_id, advisory_id, created_by, month))
        partition by range (month);
      ${monthly('rk_month', 'date')}
      ${filled('rk_month', "id, farmer_id, advisory_id, created_by, created_at, date_trunc('month', created_at at time zone 'UTC')::date")}`,
    insert: (db, f, a, by) =>
      insertAndRead(
        db,
        `insert into rk_month (farmer_id, advisory_id, created_by)
         select distinct f, a, $3::bigint from unnest($1::bigint[], $2::bigint[]) as p(f, a)
         on conflict (farmer_id, advisory_id, created_by, month) do nothing returning id`,
        `${readBack('rk_month')} and t.month = date_trunc('month', now() at time zone 'UTC')::date`,
        f,
        a,
        by,
      ),
  },
  {
    name: 'lock + lookup',
    what: 'monthly partitions, a per-DA advisory lock, then insert the pairs no partition has',
    tables: ['rk_lock'],
    build: `create table rk_lock (id bigint not null, farmer_id bigint not null, advisory_id bigint not null,
        created_by bigint not null, created_at timestamptz not null default now(), primary key (id, created_at))
        partition by range (created_at);
      ${monthly('rk_lock', 'timestamptz')}
      create index rk_lock_pair on rk_lock (farmer_id, advisory_id, created_by);
      ${filled('rk_lock', 'id, farmer_id, advisory_id, created_by, created_at')}`,
    insert: (db, f, a, by) =>
      db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(1919, $1::int)', [by]);
        return insertAndRead(
          tx,
          `with ${PAIRS_CTE}
           insert into rk_lock (farmer_id, advisory_id, created_by)
           select f, a, $3::bigint from p
           where not exists (select 1 from rk_lock t where t.farmer_id = p.f and t.advisory_id = p.a and t.created_by = $3)
           returning id`,
          readBack('rk_lock'),
          f,
          a,
          by,
        );
      }),
  },
];
