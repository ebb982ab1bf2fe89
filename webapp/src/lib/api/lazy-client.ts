import type { ApiClient, ApiError, ApiResult, CallInput, CallOutput } from '@gebere/api-client';
import type { RouteName } from '@gebere/contract';
import { afterLoadWhenIdle, once } from '../loading';
import { readThrough } from '../offline-cache/read-through';

export type { ApiError, ApiResult } from '@gebere/api-client';

/** What a call answers when its code did not download (weak signal): shown like any network failure. */
export const NETWORK_ERROR: ApiError = {
  kind: 'network',
  status: null,
  message: 'Network Error',
  fieldErrors: {},
};

/** The API client module (contract + zod), fetched once on first use or by prefetchApi. */
export const loadApiClient: () => Promise<ApiClient> = once(() =>
  import('./api-client').then((m) => m.client),
);

/**
 * Starts fetching the client while the user reads the first screen, so the first call does
 * not wait for it — after the page's own files have loaded (the `load` event) and then when idle:
 * on HTTP/1.1 over 3G its ~27 KB would otherwise queue before the screen's data request.
 * Settles once it has loaded or failed.
 */
export function prefetchApi(): Promise<void> {
  return new Promise((done) =>
    afterLoadWhenIdle(() =>
      loadApiClient().then(
        () => done(),
        () => done(),
      ),
    ),
  );
}

async function call<N extends RouteName>(name: N, input: CallInput<N>): Promise<ApiResult<CallOutput<N>>> {
  let client: ApiClient;
  try {
    client = await loadApiClient();
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
  // A 401 also marks the launch unauthorized: the client's onUnauthorized (transport.ts).
  return client.call(name, input);
}

/** A GET whose answer is kept for offline use: with no answer, the one kept is used (read-through.ts). */
function read<N extends RouteName>(name: N, input: CallInput<N>): Promise<ApiResult<CallOutput<N>>> {
  return readThrough([name, input], () => call(name, input));
}

/**
 * Typed calls over the contract's route table, with the launch's proof and language. Like the
 * spec's helpers it never throws: `{ok: true, data}` or `{ok: false, error}` (ApiError).
 * A 401 also switches the screen to the "open it again from the bot" message. `read` is `call`
 * for the reads a DA needs offline (lists, the hierarchy): kept, and used when no answer comes.
 */
export const api = { call, read };
