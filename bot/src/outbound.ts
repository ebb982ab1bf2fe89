import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Outbound HTTP (the Bot API, the extension backend) goes through one undici Agent: keep-alive
 * connections and bounded waits, so a stalled peer cannot hold a request forever. Headers may
 * take up to a minute because getUpdates long-polls for 30 s.
 */
export function createAgent(): Agent {
  return new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
    connect: { timeout: 10_000 },
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
    connections: 64,
  });
}

/**
 * A WHATWG-style fetch bound to `agent`. grammY on Node passes an AbortSignal from its
 * `abort-controller` polyfill, which undici rejects, so the signal is bridged to a native one.
 */
export function createFetch(agent: Agent): typeof fetch {
  const bound = (input: unknown, init?: Record<string, unknown>) => {
    const { signal, agent: _nodeFetchAgent, compress: _compress, ...rest } = init ?? {};
    return undiciFetch(
      input as string,
      {
        ...rest,
        signal: nativeSignal(signal),
        dispatcher: agent,
      } as Parameters<typeof undiciFetch>[1],
    );
  };
  return bound as unknown as typeof fetch;
}

type SignalLike = { aborted: boolean; addEventListener(type: 'abort', fn: () => void): void };

function nativeSignal(signal: unknown): AbortSignal | undefined {
  if (!signal) return undefined;
  if (signal instanceof AbortSignal) return signal;
  const like = signal as SignalLike;
  const controller = new AbortController();
  if (like.aborted) controller.abort();
  else like.addEventListener('abort', () => controller.abort());
  return controller.signal;
}
