import { type HierarchyItem, routes } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { APPLIES, APPLIES_INDEXED, applicableCte } from './areas';

/**
 * Category → value chain → practice → sub-practice. With `kebele_id`, value chains and practices
 * are only those with at least one advisory that applies to the kebele (targeted at it or at an
 * area above it), so the reach screen never leads to "Advisory not found"; without it, all.
 * For value chains the kebele's areas are read once (APPLIES_INDEXED), not joined to every
 * advisory of the chain: 0.3 ms instead of 1.7 ms with 21 k advisories (national data). For
 * practices both ways take ~1 ms: a practice's sub-practices have few advisories each.
 */
export function registerValueChainRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;
  const exists = async (table: string, id: number) => {
    const r = await db.query(`select 1 from ${table} where id = $1`, [id]);
    if (r.rows.length === 0) throw notFound();
  };

  serve(app, env, routes.listValueChainCategories, ({ query, request }) =>
    listOrPage<HierarchyItem>(db, request, query, {
      sql: 'select id, name, name_am, name_om from value_chain_categories',
      params: [],
      orderBy: 'id',
    }),
  );

  serve(app, env, routes.listValueChains, async ({ params, query, request }) => {
    await exists('value_chain_categories', params.id);
    return listOrPage(
      db,
      request,
      query,
      applicableTo(
        query.kebele_id,
        'select v.id, v.name, v.name_am, v.name_om, v.category_id as category from value_chains v where v.category_id = $1',
        params.id,
        `select 1 from advisories a where a.value_chain_id = v.id and ${APPLIES_INDEXED}`,
      ),
    );
  });

  serve(app, env, routes.listPractices, ({ query, request }) =>
    listOrPage(
      db,
      request,
      query,
      applicableTo(
        query.kebele_id,
        'select p.id, p.name, p.name_am, p.name_om, p.value_chain_id as value_chain from practices p where p.value_chain_id = $1',
        query.value_chain_id,
        'select 1 from advisories a join sub_practices s on s.id = a.sub_practice_id, anc where s.practice_id = p.id and ' +
          APPLIES,
      ),
    ),
  );

  serve(app, env, routes.listSubPractices, async ({ params, query, request }) => {
    await exists('practices', params.id);
    return listOrPage(db, request, query, {
      sql: 'select s.id, s.name, s.name_am, s.name_om, s.practice_id as practice from sub_practices s where s.practice_id = $1',
      params: [params.id],
      orderBy: 'id',
    });
  });
}

/** A list under its parent (`$1`); with a kebele, only what has an advisory that applies there. */
function applicableTo(kebele: number | undefined, select: string, parent: unknown, applies: string) {
  return {
    sql:
      kebele === undefined ? select : `with ${applicableCte('kebele', 2)} ${select} and exists (${applies})`,
    params: kebele === undefined ? [parent] : [parent, kebele],
    orderBy: 'id',
  };
}
