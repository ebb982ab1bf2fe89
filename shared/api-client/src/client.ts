import { type InputOf, type OutputOf, type RouteName, type Routes, routes } from '@gebere/contract';
import { type ApiResult, type RawRequest, routeUrl, send, type TransportOptions } from './transport';

export type { ApiResult } from './transport';

export interface ApiClientOptions extends TransportOptions {
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
    /** A record an outbox sends later than captured: its stored proof and capture time. */
    stored?: RawRequest['stored'];
  };

export type CallOutput<N extends RouteName> = OutputOf<Def<N>['response']>;

export interface ApiClient {
  call<N extends RouteName>(name: N, input: CallInput<N>): Promise<ApiResult<CallOutput<N>>>;
  url<N extends RouteName>(name: N, input: Pick<CallInput<N>, 'params' | 'query'>): string;
}

/**
 * A typed client over the contract's route table, on `fetch` (browser and Node). Like the
 * spec's call helpers it never throws: it returns `{ok, data}` or a typed error. Requests go
 * through the zod-free transport (transport.ts); this adds the types and checks each answer
 * against the route's response schema.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const validate = options.validateResponses ?? true;

  const url: ApiClient['url'] = (name, input) => routeUrl(options.baseUrl, name, input as RawRequest);

  async function call<N extends RouteName>(name: N, input: CallInput<N>): Promise<ApiResult<CallOutput<N>>> {
    const result = await send(options, name, input as RawRequest);
    if (!result.ok || !validate) return result as ApiResult<CallOutput<N>>;
    const def = routes[name];
    const parsed = def.response.safeParse(result.data);
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          kind: 'invalid_response',
          status: result.status,
          message: `Unexpected response from ${def.method} ${def.path}`,
          fieldErrors: {},
        },
      };
    }
    return { ok: true, status: result.status, data: parsed.data as CallOutput<N> };
  }

  return { call, url };
}
