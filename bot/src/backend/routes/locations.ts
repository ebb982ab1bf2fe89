import { type Location, routes } from '@gebere/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types';
import { fieldError } from '../serving/http-error';
import { listOrPage, type PagingQuery } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';

type AreaQuery = PagingQuery & { code?: string | undefined };

/**
 * One level's list: the areas of a parent, or the one area of a code; with a parent level, one of
 * the two is required (a 400 on the parent's field, as when it was the only filter).
 */
function areaList(
  db: Queryable,
  request: FastifyRequest,
  query: AreaQuery,
  table: 'regions' | 'zones' | 'woredas' | 'kebeles',
  parent?: { column: string; field: string; id: number | undefined },
) {
  if (parent && parent.id === undefined && query.code === undefined)
    throw fieldError(parent.field, 'required');
  return listOrPage<Location>(db, request, query, {
    sql: `select id, name, name_am, name_om, code from ${table} where ($1::text is null or code = $1)${
      parent ? ` and ($2::bigint is null or ${parent.column} = $2)` : ''
    }`,
    params: parent ? [query.code ?? null, parent.id ?? null] : [query.code ?? null],
    orderBy: 'name, id',
  });
}

/**
 * Regions → zones → woredas → kebeles: public reference lists, by parent, in (Latin) name order,
 * each area with its Amharic and Oromo names (null until known; the client picks the one to show); or the
 * one area of a code (`?code=ET031702`), which the operator's commands take (a code does not always
 * begin with its parent's, so it cannot be found by walking down).
 */
export function registerLocationRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;
  serve(app, env, routes.listRegions, ({ query, request }) => areaList(db, request, query, 'regions'));
  serve(app, env, routes.listZones, ({ query, request }) =>
    areaList(db, request, query, 'zones', { column: 'region_id', field: 'region', id: query.region }),
  );
  serve(app, env, routes.listWoredas, ({ query, request }) =>
    areaList(db, request, query, 'woredas', { column: 'zone_id', field: 'zone', id: query.zone }),
  );
  serve(app, env, routes.listKebeles, ({ query, request }) =>
    areaList(db, request, query, 'kebeles', { column: 'woreda_id', field: 'woreda', id: query.woreda }),
  );
}
