import { routes } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import { listOrPage } from '../http/paginate';
import { type BackendEnv, serve } from '../http/serve';

/** Regions → zones → woredas → kebeles: public reference lists, by parent, in name order. */
export function registerLocationRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;
  serve(app, env, routes.listRegions, ({ query, request }) =>
    listOrPage(db, request, query, {
      sql: 'select id, name, code from regions',
      params: [],
      orderBy: 'name, id',
    }),
  );
  serve(app, env, routes.listZones, ({ query, request }) =>
    listOrPage(db, request, query, {
      sql: 'select id, name, code from zones where region_id = $1',
      params: [query.region],
      orderBy: 'name, id',
    }),
  );
  serve(app, env, routes.listWoredas, ({ query, request }) =>
    listOrPage(db, request, query, {
      sql: 'select id, name, code from woredas where zone_id = $1',
      params: [query.zone],
      orderBy: 'name, id',
    }),
  );
  serve(app, env, routes.listKebeles, ({ query, request }) =>
    listOrPage(db, request, query, {
      sql: 'select id, name, code from kebeles where woreda_id = $1',
      params: [query.woreda],
      orderBy: 'name, id',
    }),
  );
}
