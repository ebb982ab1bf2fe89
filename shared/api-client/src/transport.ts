// Deep, zod-free imports on purpose: the contract's index brings every schema and zod, and this
// module is on the first load of screens that must not wait for them.
import { IDEMPOTENCY_HEADER } from '@gebere/contract/idempotency';
import {
  CAPTURED_AT_HEADER,
  LATE_SYNC_REFUSED_HEADER,
  type LateSyncRefusal,
} from '@gebere/contract/late-sync';
import {
  buildPath,
  DUPLICATE_OF,
  type DuplicateOf,
  ERROR_CODE,
  NON_FIELD_ERRORS,
  type RouteName,
  routePaths,
} from '@gebere/contract/route-paths';
import { type ApiError, transportError } from './errors';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; error: ApiError };

/** How to reach the backend; read on every request, so a proof or language change is seen. */
export interface TransportOptions {
  /** Backend base URL, e.g. `https://host/backend` (no trailing slash needed). */
  baseUrl: string;
  /** The `Authorization` value to send (see `proofHeader`), read on every call. */
  authorization?: () => string | null | undefined;
  /** `Accept-Language` so the backend's 400 messages come in the user's language. */
  language?: () => string | undefined;
  fetch?: typeof fetch;
  /** Milliseconds before giving up; none by default, as the spec's calls have no timeout. */
  timeoutMs?: number;
  /** Told about every 401 (the proof expired or was refused), e.g. to show "open it again". */
  onUnauthorized?: () => void;
}

/** One request by route name, unchecked: the client (client.ts) adds the contract's types and schemas. */
export interface RawRequest {
  params?: Record<string, string | number> | undefined;
  query?: object | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  idempotencyKey?: string | undefined;
  /** A record sent later than captured (an outbox): see {@link StoredProof}. */
  stored?: StoredProof | undefined;
}

/**
 * What an outbox keeps with a record to send it later (contract late-sync.ts): the
 * `Authorization` value the screen had when the record was captured, and when that was (ISO
 * 8601). Sent instead of the live proof, so a record captured under an initData or link that has
 * since expired is still accepted for LATE_SYNC_DAYS; needs an `idempotencyKey`.
 */
export interface StoredProof {
  authorization: string;
  capturedAt: string;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The full URL of a route with its path parameters and query. */
export function routeUrl(
  baseUrl: string,
  name: RouteName,
  input: Pick<RawRequest, 'params' | 'query'>,
): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${buildPath(routePaths[name].path, input.params)}${queryString(input.query)}`;
}

/** The headers of a request: JSON, the proof, the language, the idempotency key when given. */
export function requestHeaders(options: TransportOptions, input: RawRequest): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const auth = input.stored ? input.stored.authorization : options.authorization?.();
  if (auth) headers.Authorization = auth;
  if (input.stored) headers[CAPTURED_AT_HEADER] = input.stored.capturedAt;
  const lang = options.language?.();
  if (lang) headers['Accept-Language'] = lang;
  if (input.idempotencyKey) headers[IDEMPOTENCY_HEADER] = input.idempotencyKey;
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  return headers;
}

/** DRF 400 bodies: `{field: [messages]}` (nested objects flattened to `a.b`). */
function flattenFieldErrors(body: unknown, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
  for (const [key, value] of Object.entries(body)) {
    // A question's code and what it names are not field messages (route-paths.ts ERROR_CODE).
    if (!prefix && (key === ERROR_CODE || key === DUPLICATE_OF)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) out[path] = value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    else if (typeof value === 'string') out[path] = [value];
    else Object.assign(out, flattenFieldErrors(value, path));
  }
  return out;
}

/**
 * A non-2xx answer as spec §5/§8 name it: `{detail}` as the message, else a 400's
 * non-field errors, else axios' "Request failed with status code N"; 400 field messages joined
 * with ', '.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  lateSyncRefused?: LateSyncRefusal,
): ApiError {
  const detail =
    body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
      ? body.detail
      : undefined;
  const fieldErrors = status === 400 && !detail ? flattenFieldErrors(body) : {};
  const nonField = fieldErrors[NON_FIELD_ERRORS]?.join(', ');
  const extra = status === 400 && body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errorCode = typeof extra[ERROR_CODE] === 'string' ? extra[ERROR_CODE] : undefined;
  const duplicateOf =
    extra[DUPLICATE_OF] && typeof extra[DUPLICATE_OF] === 'object'
      ? (extra[DUPLICATE_OF] as DuplicateOf)
      : undefined;
  return {
    kind: 'http',
    status,
    message: detail ?? nonField ?? `Request failed with status code ${status}`,
    fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v.join(', ')])),
    ...(detail ? { detail } : {}),
    ...(lateSyncRefused ? { lateSyncRefused } : {}),
    ...(errorCode ? { errorCode } : {}),
    ...(duplicateOf ? { duplicateOf } : {}),
  };
}

const REFUSALS: readonly string[] = ['expired', 'outside_proof'] satisfies LateSyncRefusal[];
const refusalOf = (response: Response): LateSyncRefusal | undefined => {
  const value = response.headers.get(LATE_SYNC_REFUSED_HEADER);
  return value !== null && REFUSALS.includes(value) ? (value as LateSyncRefusal) : undefined;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one request of the route table and reads the answer, never throwing: `{ok, status,
 * data}` (data unchecked) or a typed error. The one implementation of proof, language, 401 and
 * error names, shared by the API client and the light first-screen GETs.
 */
export async function send(
  options: TransportOptions,
  name: RouteName,
  input: RawRequest = {},
): Promise<ApiResult<unknown>> {
  const signals = [
    input.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let data: unknown;
  let response: Response;
  try {
    response = await doFetch(routeUrl(options.baseUrl, name, input), {
      method: routePaths[name].method,
      headers: requestHeaders(options, input),
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
      ...(signal ? { signal } : {}),
    });
    data = await readJson(response);
  } catch (cause) {
    return { ok: false, error: transportError(cause, options.timeoutMs) };
  }
  if (response.ok) return { ok: true, status: response.status, data };
  // A stored proof's 401 is that record's (the outbox's to show), not the open screen's.
  if (response.status === 401 && !input.stored) options.onUnauthorized?.();
  return { ok: false, error: errorFromResponse(response.status, data, refusalOf(response)) };
}
