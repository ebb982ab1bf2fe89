import { type ApiResult, requestHeaders, send } from '@gebere/api-client/transport';
import { firstRequest, type ScreenParams, type ScreenWithRequest } from '@gebere/contract/screens';
import { requestKey, takeEarlyGet } from './early-get';
import { transportOptions } from './transport';

/**
 * A screen's first request, as its plan in the contract's screen registry declares it, without
 * the API client (contract schemas + zod, ~27 KB): the data a first screen waits for, where
 * loading the client would add a download and a round trip before the request. Same transport
 * as `api.call` (proof, language, 401, error names), but the answer is unchecked: the caller
 * checks the fields it uses. The launch's early request (early-get.ts) is used when it is this
 * very request, once; a retry or a later visit asks again. Never throws.
 */
export function firstGet<S extends ScreenWithRequest>(
  screen: S,
  values: ScreenParams<S>,
): Promise<ApiResult<unknown>> {
  const { name, input } = firstRequest(screen, values);
  const options = transportOptions();
  const early = takeEarlyGet(requestKey({ name, input }, options.baseUrl, requestHeaders(options, input)));
  if (!early) return send(options, name, input);
  return early.then((result) => {
    if (!result.ok && result.error.status === 401) options.onUnauthorized?.();
    return result;
  });
}
