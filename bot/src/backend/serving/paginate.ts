import { LIST_CEILING, LIST_TOTAL_HEADER, LIST_TRUNCATED_HEADER, type Page } from '@gebere/contract';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types';
import { detailError } from './http-error';

export const DEFAULT_PAGE_SIZE = 50;

export interface PagingQuery {
  paginate?: 'true' | 'false' | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

export interface ListSpec {
  /** A SELECT without ORDER BY, projecting the contract's field names. */
  sql: string;
  params: readonly unknown[];
  /** ORDER BY of the outer query, over the projected names (make it total, e.g. end with id). */
  orderBy: string;
}

function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * DRF listing: `paginate=false` → the plain list; otherwise one page `{count, next, previous,
 * results}` with absolute URLs. The count comes from a window function, so a page is one query.
 * A page past the end is 404 `Invalid page.`, as in DRF.
 */
export async function listOrPage<T>(
  db: Queryable,
  request: FastifyRequest,
  query: PagingQuery,
  spec: ListSpec,
): Promise<T[] | Page<T>> {
  if (query.paginate === 'false') return plainList<T>(db, request, spec);
  return page<T>(db, request, query, spec);
}

/** Headers a handler's list left for the answer (set by the backend's onSend hook). */
const listHeaders = new WeakMap<FastifyRequest, Record<string, string>>();
export const listHeadersOf = (request: FastifyRequest) => listHeaders.get(request);

/**
 * `paginate=false`: the plain list, at most {@link LIST_CEILING} rows in the list's order. Every
 * such answer carries `X-Total-Count`; a longer list answers its first LIST_CEILING rows with
 * `X-List-Truncated: true` (a client that needs the rest pages through it), so one request
 * never reads or sends an unbounded table.
 */
async function plainList<T>(db: Queryable, request: FastifyRequest, spec: ListSpec): Promise<T[]> {
  const n = spec.params.length;
  const r = await db.query<T & { __total: number }>(
    `select t.*, count(*) over () as __total from (${spec.sql}) t
     order by ${spec.orderBy} limit $${n + 1}`,
    [...spec.params, LIST_CEILING],
  );
  const total = Number(r.rows[0]?.__total ?? 0);
  const headers: Record<string, string> = { [LIST_TOTAL_HEADER]: String(total) };
  if (total > r.rows.length) headers[LIST_TRUNCATED_HEADER] = 'true';
  listHeaders.set(request, headers);
  return r.rows.map(({ __total, ...rest }) => rest as unknown as T);
}

/** Always a page (routes whose contract answer is a page even with paginate=false). */
export async function page<T>(
  db: Queryable,
  request: FastifyRequest,
  query: PagingQuery,
  spec: ListSpec,
): Promise<Page<T>> {
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  const number = query.page ?? 1;
  const n = spec.params.length;
  const r = await db.query<T & { __total: number }>(
    `select t.*, count(*) over () as __total from (${spec.sql}) t
     order by ${spec.orderBy} limit $${n + 1} offset $${n + 2}`,
    [...spec.params, size, (number - 1) * size],
  );
  if (r.rows.length === 0 && number > 1) throw detailError(404, 'invalid_page');
  const count = Number(r.rows[0]?.__total ?? 0);
  const results = r.rows.map(({ __total, ...rest }) => rest as unknown as T);
  return {
    count,
    next: number * size < count ? pageUrl(request, number + 1) : null,
    previous: number > 1 ? pageUrl(request, number - 1) : null,
    results,
  };
}
