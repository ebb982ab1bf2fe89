import { type ApiResult, requestHeaders, send } from '@gebere/api-client/transport';
import type { RouteName } from '@gebere/contract/route-paths';
import { requestKey, takeEarlyGet } from './early-get';
import { transportOptions } from './transport-options';

/**
 * A GET by route name without the API client (contract schemas + zod, ~27 KB): for the data a
 * first screen waits for, where loading the client would add a download and a round trip
 * before the request. Same transport as `api.call` (proof, language, 401, error names), but
 * the answer is unchecked: the caller checks the fields it uses. The launch's early request
 * (early-get.ts) is used when it is this very request. Never throws.
 */
export function lightGet(
  name: RouteName,
  input: { params?: Record<string, string | number>; query?: object } = {},
): Promise<ApiResult<unknown>> {
  const options = transportOptions();
  const early = takeEarlyGet(requestKey({ name, input }, options.baseUrl, requestHeaders(options, input)));
  if (!early) return send(options, name, input);
  return early.then((result) => {
    if (!result.ok && result.error.status === 401) options.onUnauthorized?.();
    return result;
  });
}
