import { routes, TAKE_BACK_DAYS, type TakenBackRecord } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { FieldErrorSet, notFound } from '../serving/http-error';
import { type BackendEnv, serve } from '../serving/serve';

type Table = 'reach_records' | 'adoption_records';
const COLUMNS = `id, farmer_id as farmer, advisory_id as advisory, created_by, iso(created_at) as created_at,
  iso(taken_back_at) as taken_back_at, taken_back_reason`;

/**
 * Takes a record back within TAKE_BACK_DAYS of when the server recorded it (its `created_at`;
 * a take-back sent late from an outbox is judged when it arrives). Migration 23's trigger takes it
 * out of the rollups and frees its pair in the same statement. A second take-back answers the
 * first and changes nothing.
 */
async function takeBack(db: Queryable, table: Table, id: number, reason: string): Promise<TakenBackRecord> {
  const r = await db.query<TakenBackRecord & { in_time: boolean }>(
    `select ${COLUMNS}, created_at > now() - make_interval(days => $2) as in_time
     from ${table} where id = $1 for update`,
    [id, TAKE_BACK_DAYS],
  );
  const row = r.rows[0];
  if (!row) throw notFound();
  const { in_time, ...record } = row;
  if (record.taken_back_at !== null) return record;
  if (!in_time)
    throw new FieldErrorSet()
      .add('non_field_errors', 'take_back_too_late', { days: TAKE_BACK_DAYS })
      .toError();
  const u = await db.query<TakenBackRecord>(
    `update ${table} set taken_back_at = now(), taken_back_reason = $3 where id = $1 and created_at = $2
     returning ${COLUMNS}`,
    // The whole microseconds (iso() keeps them): the partition key finds the one row.
    [id, record.created_at, reason],
  );
  return u.rows[0] as TakenBackRecord;
}

export function registerTakeBackRoutes(app: FastifyInstance, env: BackendEnv): void {
  serve(app, env, routes.takeBackReach, ({ params, body, db }) =>
    takeBack(db, 'reach_records', params.id, body.reason),
  );
  serve(app, env, routes.takeBackAdoption, ({ params, body, db }) =>
    takeBack(db, 'adoption_records', params.id, body.reason),
  );
}
