import {
  advisoryLabel,
  type FarmerPage,
  type FarmerRecord,
  type FarmerRecordEntry,
  farmerFullName,
  type KebeleFarmer,
  localName,
  routes,
  TAKE_BACK_DAYS,
} from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { FieldErrorSet, notFound } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { checkDuplicates } from './farmer-checks';

/** The farmer as the correcting routes answer (contract `farmerRecord`). */
const RECORD_COLUMNS = `f.id, f.farmer_name, f.father_name, f.grand_father_name, f.phone_number, f.gender,
  f.kebele_id as kebele, f.development_group_id as development_group, f.created_by,
  iso(f.retired_at) as retired_at, f.retired_reason, f.duplicate_of`;

const retiredError = () => new FieldErrorSet().add('non_field_errors', 'farmer_retired').toError();

type EntryRow = Omit<FarmerRecordEntry, 'advisory_label'> & {
  label: string | null;
  label_am: string | null;
  label_om: string | null;
  template_content: string[] | null;
  template_content_am: string[] | null;
  template_content_om: string[] | null;
  sub_practice: string | null;
  sub_practice_am: string | null;
  sub_practice_om: string | null;
};

/**
 * A farmer's records not taken back, newest first: found through the key table (its primary key
 * starts with the farmer; migration 13), then each record on its own month's partition.
 */
async function entries(
  db: Queryable,
  table: 'reach_records' | 'adoption_records',
  farmer: number,
  lang: Language,
): Promise<FarmerRecordEntry[]> {
  const keys = table === 'reach_records' ? 'reach_record_keys' : 'adoption_record_keys';
  const r = await db.query<EntryRow>(
    `select t.id, t.advisory_id as advisory, iso(t.created_at) as created_at, t.created_by,
       d.first_name || ' ' || d.father_name as created_by_name,
       iso(t.created_at + make_interval(days => $2)) as take_back_until,
       a.label, a.label_am, a.label_om, a.template_content, a.template_content_am, a.template_content_om,
       sp.name as sub_practice, sp.name_am as sub_practice_am, sp.name_om as sub_practice_om
     from ${keys} k join ${table} t on t.id = k.id and t.created_at = k.created_at
     join advisories a on a.id = t.advisory_id left join sub_practices sp on sp.id = a.sub_practice_id
     join da_profiles d on d.id = t.created_by
     where k.farmer_id = $1 and t.taken_back_at is null
     order by t.created_at desc, t.id desc`,
    [farmer, TAKE_BACK_DAYS],
  );
  return r.rows.map(
    ({
      label,
      label_am,
      label_om,
      template_content,
      template_content_am,
      template_content_om,
      sub_practice,
      sub_practice_am,
      sub_practice_om,
      ...e
    }) => ({
      ...e,
      advisory_label: advisoryLabel(
        {
          label,
          label_am,
          label_om,
          template_content: template_content ?? [],
          template_content_am,
          template_content_om,
        },
        lang,
        // With neither title nor text in any language, its sub-practice's name in the reader's.
        sub_practice === null
          ? ''
          : localName({ name: sub_practice, name_am: sub_practice_am, name_om: sub_practice_om }, lang),
      ),
    }),
  );
}

export function registerFarmerRecordRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  // "My farmers": the kebele's active farmers with what a search needs, light enough to cache.
  serve(app, env, routes.listKebeleFarmers, ({ query, request }) =>
    listOrPage<KebeleFarmer>(db, request, query, {
      sql: `select f.id, f.farmer_name, f.father_name, f.grand_father_name, f.phone_number,
              f.development_group_id as development_group, g.group_name, f.created_by
            from farmers f join development_groups g on g.id = f.development_group_id
            where f.kebele_id = $1 and f.retired_at is null`,
      params: [query.kebele],
      orderBy: 'id',
    }),
  );

  serve(app, env, routes.getFarmer, async ({ params, lang }) => {
    type Row = Omit<FarmerPage, 'reach' | 'adoption' | 'duplicate_of_name'> & {
      kept: { farmer_name: string; father_name: string; grand_father_name: string } | null;
    };
    // A merged farmer names the one kept only inside their own kebele (as the duplicate check).
    const r = await db.query<Row>(
      `select ${RECORD_COLUMNS}, g.group_name, iso(f.created_at) as created_at,
         d.first_name || ' ' || d.father_name as created_by_name,
         case when k.kebele_id = f.kebele_id then json_build_object('farmer_name', k.farmer_name,
           'father_name', k.father_name, 'grand_father_name', k.grand_father_name) end as kept
       from farmers f join development_groups g on g.id = f.development_group_id
       join da_profiles d on d.id = f.created_by left join farmers k on k.id = f.duplicate_of
       where f.id = $1`,
      [params.id],
    );
    const row = r.rows[0];
    if (!row) throw notFound();
    const { kept, ...farmer } = row;
    const [reach, adoption] = await Promise.all([
      entries(db, 'reach_records', params.id, lang),
      entries(db, 'adoption_records', params.id, lang),
    ]);
    return { ...farmer, duplicate_of_name: kept && farmerFullName(kept), reach, adoption };
  });

  /**
   * A correction, with the registration's rules: the group in the farmer's own kebele, a phone no
   * other farmer has, names no other farmer of the kebele has (unless confirmed). Only what changed
   * is checked, so a duplicate kept from before this check does not block fixing a name.
   */
  serve(app, env, routes.updateFarmer, async ({ params, body, db }) => {
    const r = await db.query<FarmerRecord>(
      `select ${RECORD_COLUMNS} from farmers f where f.id = $1 for update`,
      [params.id],
    );
    const current = r.rows[0];
    if (!current) throw notFound();
    if (current.retired_at !== null) throw retiredError();
    const next = {
      farmer_name: body.farmer_name ?? current.farmer_name,
      father_name: body.father_name ?? current.father_name,
      grand_father_name: body.grand_father_name ?? current.grand_father_name,
      phone_number: body.phone_number ?? current.phone_number,
      gender: body.gender ?? current.gender,
      development_group: body.development_group ?? Number(current.development_group),
    };
    const kebele = Number(current.kebele);
    if (next.development_group !== Number(current.development_group)) {
      const g = await db.query<{ kebele_id: number }>(
        'select kebele_id from development_groups where id = $1',
        [next.development_group],
      );
      const errors = new FieldErrorSet();
      const found = g.rows[0];
      if (!found) errors.invalidPk('development_group', next.development_group);
      else if (Number(found.kebele_id) !== kebele) errors.add('development_group', 'group_not_in_kebele');
      errors.throwIfAny();
    }
    const names: [string, string, string] = [next.farmer_name, next.father_name, next.grand_father_name];
    const renamed = names.some(
      (n, i) => n !== [current.farmer_name, current.father_name, current.grand_father_name][i],
    );
    await checkDuplicates(db, {
      phone: next.phone_number !== current.phone_number ? next.phone_number : null,
      names: renamed ? names : null,
      kebele,
      registerAnyway: body.register_anyway === true,
      except: params.id,
    });
    const u = await db.query<FarmerRecord>(
      `update farmers f set farmer_name = $2, father_name = $3, grand_father_name = $4, phone_number = $5,
         gender = $6, development_group_id = $7 where f.id = $1 returning ${RECORD_COLUMNS}`,
      [params.id, ...names, next.phone_number, next.gender, next.development_group],
    );
    return u.rows[0] as FarmerRecord;
  });

  /** Retired once: a second retirement (an outbox's retry with a new key) answers the first. */
  serve(app, env, routes.retireFarmer, async ({ params, body, db }) => {
    const u = await db.query<FarmerRecord>(
      `update farmers f set retired_at = now(), retired_reason = $2 where f.id = $1 and f.retired_at is null
       returning ${RECORD_COLUMNS}`,
      [params.id, body.reason],
    );
    if (u.rows[0]) return u.rows[0];
    const r = await db.query<FarmerRecord>(`select ${RECORD_COLUMNS} from farmers f where f.id = $1`, [
      params.id,
    ]);
    if (!r.rows[0]) throw notFound();
    return r.rows[0];
  });
}
