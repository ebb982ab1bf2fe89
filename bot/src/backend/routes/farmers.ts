import {
  type Farmer,
  type FarmerListed,
  type FarmerNewGroup,
  type FarmerPayload,
  type NewGroupFields,
  routes,
} from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import { FieldErrorSet, notFound } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { checkDuplicates } from './farmer-checks';

const FARMER_COLUMNS = `f.id, f.farmer_name, f.father_name, f.grand_father_name, f.phone_number, f.gender,
  f.kebele_id as kebele, f.development_group_id as development_group, f.created_by`;
const LISTED_COLUMNS = 'f.id, f.farmer_name, f.father_name, f.grand_father_name';

/** The existing group a payload names, under whichever of the two field names it used. */
function existingGroup(body: FarmerPayload): { field: string; id: number } | null {
  if ('outbound_development_group' in body)
    return { field: 'outbound_development_group', id: body.outbound_development_group };
  if (typeof body.development_group === 'number')
    return { field: 'development_group', id: body.development_group };
  return null;
}

/** A new group as spec §3 gives it (`{type, name}`), or as older apps' outboxes still send it. */
function newGroupOf(body: FarmerPayload): FarmerNewGroup {
  const g = (body as { development_group: FarmerNewGroup | NewGroupFields }).development_group;
  return 'name' in g ? g : { name: g.group_name, type: g.group_type };
}

export function registerFarmerRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  /**
   * Spec §3's three variants, refused when the farmer is already registered (farmer-checks.ts). A new group and its first farmer are written by one statement, so
   * the group never exists without the farmer that asked for it.
   */
  serve(app, env, routes.createFarmer, async ({ body, db }) => {
    const phone = normalizePhone(body.phone_number) ?? body.phone_number;
    const person = [
      body.farmer_name,
      body.father_name,
      body.grand_father_name,
      phone,
      body.gender,
      body.kebele,
    ];
    const group = existingGroup(body);
    const identity = {
      phone,
      names: [body.farmer_name, body.father_name, body.grand_father_name] as [string, string, string],
      kebele: body.kebele,
      registerAnyway: body.register_anyway === true,
    };
    if (group) {
      const g = await db.query<{ kebele_id: number }>(
        'select kebele_id from development_groups where id = $1',
        [group.id],
      );
      const errors = new FieldErrorSet();
      const found = g.rows[0];
      if (!found) errors.invalidPk(group.field, group.id);
      else if (found.kebele_id !== body.kebele) errors.add(group.field, 'group_not_in_kebele');
      errors.throwIfAny();
      await checkDuplicates(db, identity);
      const r = await db.query<Farmer>(
        `insert into farmers as f (farmer_name, father_name, grand_father_name, phone_number, gender, kebele_id,
           development_group_id, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${FARMER_COLUMNS}`,
        [...person, group.id, body.created_by],
      );
      return r.rows[0] as Farmer;
    }
    const newGroup = newGroupOf(body);
    await checkDuplicates(db, identity);
    const r = await db.query<Farmer>(
      `with g as (
         insert into development_groups (group_name, group_type, kebele_id, created_by)
         values ($7, $8, $6, $9) returning id)
       insert into farmers as f (farmer_name, father_name, grand_father_name, phone_number, gender, kebele_id,
         development_group_id, created_by)
       select $1, $2, $3, $4, $5, $6, g.id, $9 from g returning ${FARMER_COLUMNS}`,
      [...person, newGroup.name, newGroup.type, body.created_by],
    );
    return r.rows[0] as Farmer;
  });

  // Names are personal data: the policy serves them only within the caller's area. Retired
  // farmers leave the lists (their records and history stay).
  serve(app, env, routes.listFarmers, ({ query, request }) => {
    return listOrPage<FarmerListed>(db, request, query, {
      sql: `select ${LISTED_COLUMNS} from farmers f where f.development_group_id = $1 and f.retired_at is null`,
      params: [query.outbound_development_group],
      orderBy: 'id',
    });
  });

  /**
   * Farmers of group {id} who have been reached by at least one advisory (by any DA). Looked up in
   * the reach key table, whose primary key starts with the farmer (the records, partitioned by
   * month, have no farmer index).
   */
  serve(app, env, routes.listFarmersForAdoption, async ({ params, query, request }) => {
    const g = await db.query('select 1 from development_groups where id = $1', [params.id]);
    if (g.rows.length === 0) throw notFound();
    return listOrPage<FarmerListed>(db, request, query, {
      sql: `select ${LISTED_COLUMNS} from farmers f where f.development_group_id = $1 and f.retired_at is null
            and exists (select 1 from reach_record_keys r where r.farmer_id = f.id)`,
      params: [params.id],
      orderBy: 'id',
    });
  });
}
