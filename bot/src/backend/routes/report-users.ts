import { type ReportUser, type ReportUserPayload, routes } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { FieldErrorSet, notFound } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { checkAreas } from './areas';

const COLUMNS = `u.id, u.name, u.phone_no, u.gender, u.region_id as region, u.zone_id as zone,
  u.woreda_id as woreda, u.created_by`;

async function checkPayload(q: Queryable, body: ReportUserPayload): Promise<void> {
  const errors = new FieldErrorSet();
  await checkAreas(
    q,
    {
      region: { field: 'region', id: body.region },
      zone: { field: 'zone', id: body.zone },
      woreda: { field: 'woreda', id: body.woreda },
    },
    errors,
  );
  errors.throwIfAny();
}

const values = (b: ReportUserPayload) => [
  b.name,
  normalizePhone(b.phone_no) ?? b.phone_no,
  b.gender,
  b.region,
  b.zone,
  b.woreda,
  b.created_by,
];

/** Report users: one profile per Telegram user (`created_by`), changed only by that user. */
export function registerReportUserRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  serve(app, env, routes.createReportUser, async ({ body, db }) => {
    await checkPayload(db, body);
    const r = await db.query<ReportUser>(
      `insert into report_users as u (name, phone_no, gender, region_id, zone_id, woreda_id, created_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
      values(body),
    );
    return r.rows[0] as ReportUser;
  });

  serve(app, env, routes.updateReportUser, async ({ params, body, db }) => {
    const existing = await db.query('select 1 from report_users where id = $1', [params.id]);
    if (existing.rows.length === 0) throw notFound();
    await checkPayload(db, body);
    const r = await db.query<ReportUser>(
      `update report_users as u set name = $1, phone_no = $2, gender = $3, region_id = $4, zone_id = $5,
         woreda_id = $6, created_by = $7, updated_at = now()
       where u.id = $8 returning ${COLUMNS}`,
      [...values(body), params.id],
    );
    return r.rows[0] as ReportUser;
  });

  serve(app, env, routes.findReportUsers, ({ query, request }) => {
    return listOrPage<ReportUser>(db, request, query, {
      sql: `select ${COLUMNS} from report_users u where u.created_by = $1`,
      params: [query.created_by],
      orderBy: 'id',
    });
  });
}
