import {
  buildPath,
  type FieldErrors,
  IDEMPOTENCY_HEADER,
  type InputOf,
  NON_FIELD_ERRORS,
  type OutputOf,
  type RouteName,
  type Routes,
  routes,
} from '@gebere/contract';
import { type ApiError, transportError } from './errors';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; error: ApiError };

export interface ApiClientOptions {
  /** Backend base URL, e.g. `https://host/backend` (no trailing slash needed). */
  baseUrl: string;
  /** The `Authorization` value to send (see `proofHeader`), read on every call. */
  authorization?: () => string | null | undefined;
  /** `Accept-Language` so the backend's 400 messages come in the user's language. */
  language?: () => string | undefined;
  fetch?: typeof fetch;
  /** Milliseconds before giving up; none by default, as the spec's calls have no timeout. */
  timeoutMs?: number;
  /** Check responses against the contract (on by default; costs little, catches drift). */
  validateResponses?: boolean;
}

type Def<N extends RouteName> = Routes[N];
type Field<N extends RouteName, K extends 'params' | 'query' | 'body'> = InputOf<Def<N>[K]>;

/** Only the parts a route declares are accepted (and required). */
export type CallInput<N extends RouteName> = (Field<N, 'params'> extends undefined
  ? { params?: undefined }
  : { params: Field<N, 'params'> }) &
  (Field<N, 'query'> extends undefined ? { query?: undefined } : { query?: Field<N, 'query'> }) &
  (Field<N, 'body'> extends undefined ? { body?: undefined } : { body: Field<N, 'body'> }) & {
    signal?: AbortSignal;
    /**
     * Sent as `Idempotency-Key` (contract `idempotency.ts`): one key per intended submission,
     * the same on every retry of it, so a retry after a lost answer replays instead of duplicating.
     */
    idempotencyKey?: string;
  };

export type CallOutput<N extends RouteName> = OutputOf<Def<N>['response']>;

export interface ApiClient {
  call<N extends RouteName>(name: N, input: CallInput<N>): Promise<ApiResult<CallOutput<N>>>;
  url<N extends RouteName>(name: N, input: Pick<CallInput<N>, 'params' | 'query'>): string;
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

/** DRF 400 bodies: `{field: [messages]}` (nested objects flattened to `a.b`), joined with ', '. */
function flattenFieldErrors(body: unknown, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
  for (const [key, value] of Object.entries(body)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) out[path] = value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    else if (typeof value === 'string') out[path] = [value];
    else Object.assign(out, flattenFieldErrors(value, path));
  }
  return out;
}

function errorFromResponse(status: number, body: unknown): ApiError {
  const detail =
    body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
      ? body.detail
      : undefined;
  const fieldErrors = status === 400 && !detail ? flattenFieldErrors(body) : {};
  const nonField = fieldErrors[NON_FIELD_ERRORS]?.join(', ');
  return {
    kind: 'http',
    status,
    message: detail ?? nonField ?? `Request failed with status code ${status}`,
    fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v.join(', ')])),
    ...(detail ? { detail } : {}),
  };
}

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
 * A typed client over the contract's route table, on `fetch` (browser and Node). Like the
 * spec's call helpers it never throws: it returns `{ok, data}` or a typed error.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const validate = options.validateResponses ?? true;

  const url: ApiClient['url'] = (name, input) => {
    const def = routes[name];
    const params = input.params as Record<string, string | number> | undefined;
    return `${base}${buildPath(def.path, params)}${queryString(input.query)}`;
  };

  async function call<N extends RouteName>(name: N, input: CallInput<N>): Promise<ApiResult<CallOutput<N>>> {
    const def = routes[name];
    const headers: Record<string, string> = { Accept: 'application/json' };
    const auth = options.authorization?.();
    if (auth) headers.Authorization = auth;
    const lang = options.language?.();
    if (lang) headers['Accept-Language'] = lang;
    if (input.idempotencyKey) headers[IDEMPOTENCY_HEADER] = input.idempotencyKey;
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const signals = [
      input.signal,
      options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
    ].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];

    let response: Response;
    try {
      response = await doFetch(url(name, input as Pick<CallInput<N>, 'params' | 'query'>), {
        method: def.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (cause) {
      return { ok: false, error: transportError(cause, options.timeoutMs) };
    }
    let data: unknown;
    try {
      data = await readJson(response);
    } catch (cause) {
      return { ok: false, error: transportError(cause, options.timeoutMs) };
    }
    if (!response.ok) return { ok: false, error: errorFromResponse(response.status, data) };
    if (!validate) return { ok: true, status: response.status, data: data as CallOutput<N> };
    const parsed = def.response.safeParse(data);
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          kind: 'invalid_response',
          status: response.status,
          message: `Unexpected response from ${def.method} ${def.path}`,
          fieldErrors: {},
        },
      };
    }
    return { ok: true, status: response.status, data: parsed.data as CallOutput<N> };
  }

  return { call, url };
}
