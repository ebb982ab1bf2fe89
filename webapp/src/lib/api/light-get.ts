import { type ApiResult, type RawRequest, requestHeaders, send } from '@gebere/api-client/transport';
import type { RouteName } from '@gebere/contract';
import { firstRequest, type ScreenParams, type ScreenWithRequest } from '@gebere/contract/screens';
import { readThrough } from '../offline-cache/read-through';
import { requestKey, takeEarlyGet } from './early-get';
import { transportOptions } from './transport';

/**
 * A screen's first request, as its plan in the contract's screen registry declares it, without
 * the API client (contract schemas + zod, ~27 KB): the data a first screen waits for, where
 * loading the client would add a download and a round trip before the request. Same transport
 * as `api.call` (proof, language, 401, error names), but the answer is unchecked: the caller
 * checks the fields it uses. The launch's early request (early-get.ts) is used when it is this
 * very request, once; a retry or a later visit asks again. Offline, the answer kept the last time
 * is used (read-through.ts); with `later`, on a warm open the kept answer at once and the
 * server's to `later` when it comes. Never throws.
 */
export function firstGet<S extends ScreenWithRequest>(
  screen: S,
  values: ScreenParams<S>,
  later?: (result: ApiResult<unknown>) => void,
): Promise<ApiResult<unknown>> {
  const { name, input } = firstRequest(screen, values);
  const options = transportOptions();
  return readThrough(
    [name, input],
    () => {
      const early = takeEarlyGet(
        requestKey({ name, input }, options.baseUrl, requestHeaders(options, input)),
      );
      if (!early) return send(options, name, input);
      return early.then((result) => {
        if (!result.ok && result.error.status === 401) options.onUnauthorized?.();
        return result;
      });
    },
    later,
  );
}

/**
 * A GET without the API client (its answer unchecked, as {@link firstGet}'s), kept for offline
 * use (read-through.ts). Never throws.
 */
export function lightGet(name: RouteName, input: RawRequest): Promise<ApiResult<unknown>> {
  return readThrough([name, input], () => send(transportOptions(), name, input));
}
