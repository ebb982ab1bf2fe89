import { type Advisory, type AdvisoryAdminLevel, type FeedbackQuestion, routes } from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { notFound } from '../serving/http-error';
import { page } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { APPLIES_INDEXED, applicableCte } from './areas';

const ADVISORY_COLUMNS = `a.id, a.label, a.label_am, a.label_om, a.template_content, a.template_content_am,
  a.template_content_om, a.sub_practice_id as sub_practice,
  (select sp.name from sub_practices sp where sp.id = a.sub_practice_id) as sub_practice_name,
  (select sp.name_am from sub_practices sp where sp.id = a.sub_practice_id) as sub_practice_name_am,
  (select sp.name_om from sub_practices sp where sp.id = a.sub_practice_id) as sub_practice_name_om,
  a.value_chain_id as value_chain, iso(a.created_at) as created_at, a.created_at as created_ts`;

/** `table.column` in the request's language `$2`: its am or om column when written, else the English. */
const inLanguage = (table: string, column: string) =>
  `case when $2 = 'am' and ${table}.${column}_am is not null then ${table}.${column}_am
        when $2 = 'om' and ${table}.${column}_om is not null then ${table}.${column}_om
        else ${table}.${column} end`;

/** Questions (and their choices) of the advisories on a page, in the request's language. */
async function questionsOf(
  db: Queryable,
  ids: number[],
  lang: Language,
): Promise<Map<number, FeedbackQuestion[]>> {
  const byAdvisory = new Map<number, FeedbackQuestion[]>();
  if (ids.length === 0) return byAdvisory;
  const r = await db.query<FeedbackQuestion & { advisory_id: number }>(
    `select q.advisory_id, q.id,
       ${inLanguage('q', 'question')} as question,
       q.type,
       coalesce((select json_agg(json_build_object('id', c.id, 'name', ${inLanguage('c', 'name')})
                 order by c.position, c.id)
                 from feedback_choices c where c.question_id = q.id), '[]'::json) as choices
     from feedback_questions q where q.advisory_id = any($1::bigint[])
     order by q.advisory_id, q.position, q.id`,
    [ids, lang],
  );
  for (const { advisory_id, ...q } of r.rows) {
    const list = byAdvisory.get(advisory_id);
    if (list) list.push(q);
    else byAdvisory.set(advisory_id, [q]);
  }
  return byAdvisory;
}

export function registerAdvisoryRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  /**
   * Filters combine. `location=level,id` keeps the advisories targeted at that area or at an
   * area above it (an advisory for a region applies to its kebeles). Most recent first; the
   * answer is always a page, so `?id=` gives the advisory in `results[0]`. `with_questions=true`
   * keeps only those with feedback questions (the hub's feedback step).
   */
  serve(app, env, routes.listAdvisories, async ({ query, request, lang }) => {
    const params: unknown[] = [query.id ?? null, query.value_chain ?? null, query.sub_practice ?? null];
    const where = [
      '($1::bigint is null or a.id = $1)',
      '($2::bigint is null or a.value_chain_id = $2)',
      '($3::bigint is null or a.sub_practice_id = $3)',
    ];
    if (query.with_questions === 'true')
      where.push('exists (select 1 from feedback_questions q where q.advisory_id = a.id)');
    let cte = '';
    if (query.location) {
      params.push(query.location.id);
      cte = `with ${applicableCte(query.location.level, params.length)} `;
      where.push(APPLIES_INDEXED);
    }
    const result = await page<Advisory & { created_ts?: unknown }>(db, request, query, {
      sql: `${cte}select ${ADVISORY_COLUMNS} from advisories a where ${where.join(' and ')}`,
      params,
      orderBy: 'created_ts desc, id desc',
    });
    const questions = await questionsOf(
      db,
      result.results.map((a) => a.id),
      lang,
    );
    return {
      ...result,
      results: result.results.map(({ created_ts, ...a }) => ({
        ...a,
        feedback_questions: questions.get(a.id) ?? [],
      })),
    };
  });

  /** The admin area advisory {id} targets: its level, id and name. */
  serve(app, env, routes.getAdvisoryAdminLevel, async ({ params }) => {
    const r = await db.query<AdvisoryAdminLevel>(
      `select a.id as advisory, a.level,
         coalesce(a.kebele_id, a.woreda_id, a.zone_id, a.region_id) as location_id,
         coalesce(k.name, w.name, z.name, r.name) as location_name
       from advisories a
       left join regions r on r.id = a.region_id left join zones z on z.id = a.zone_id
       left join woredas w on w.id = a.woreda_id left join kebeles k on k.id = a.kebele_id
       where a.id = $1`,
      [params.id],
    );
    const row = r.rows[0];
    if (!row) throw notFound();
    return row;
  });
}
