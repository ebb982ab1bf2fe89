import { type DevelopmentGroup, routes } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';

export const GROUP_COLUMNS = 'g.id, g.group_name, g.group_type, g.kebele_id as kebele, g.created_by';

/** Development groups: by kebele (the farmer form's select) or by creator; add; one by id. */
export function registerGroupRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  serve(app, env, routes.listDevelopmentGroups, ({ query, request }) =>
    listOrPage<DevelopmentGroup>(db, request, query, {
      sql: `select ${GROUP_COLUMNS} from development_groups g
            where ($1::bigint is null or g.kebele_id = $1) and ($2::bigint is null or g.created_by = $2)`,
      params: [query.kebele ?? null, query.created_by ?? null],
      orderBy: 'group_name, id',
    }),
  );

  serve(app, env, routes.createDevelopmentGroup, async ({ body, db }) => {
    const r = await db.query<DevelopmentGroup>(
      `insert into development_groups as g (group_name, group_type, kebele_id, created_by)
       values ($1, $2, $3, $4) returning ${GROUP_COLUMNS}`,
      [body.group_name, body.group_type, body.kebele, body.created_by],
    );
    return r.rows[0] as DevelopmentGroup;
  });

  serve(app, env, routes.getDevelopmentGroup, async ({ params }) => {
    const r = await db.query<DevelopmentGroup>(
      `select ${GROUP_COLUMNS} from development_groups g where g.id = $1`,
      [params.id],
    );
    const group = r.rows[0];
    if (!group) throw notFound();
    return group;
  });
}
